/** Phone-number formatting shared by pages, islands and functions (SPEC §5). */

/** Digits only; 10 digits, or 11 starting with 1, become +1…; anything else is prefixed with +. */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return `+${digits}`;
}

/** A `tel:` link for a displayed number. */
export const telHref = (phone: string): string => `tel:${toE164(phone)}`;

/** An `sms:` link, optionally with a prefilled message. */
export function smsHref(phone: string, body?: string): string {
  return body ? `sms:${toE164(phone)}?&body=${encodeURIComponent(body)}` : `sms:${toE164(phone)}`;
}
