/**
 * The fields of a customer and a job as staff type them, a CSV row carries them or a field-service
 * system posts them, with the sentences staff read when one is wrong. Shared by the admin contracts,
 * the CSV import and the jobs webhook, so all three accept the same values.
 */
import { z } from 'zod';
import { isUsPhoneNumber, typedText } from './lead-fields';

/** Opaque public ids (customers, jobs, orders): the only ids a URL carries. */
export const publicIdSchema = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'That is not a record id.');

export const customerName = typedText(120, 'A name has at most 120 characters.', 'Enter the customer\'s name.').min(1, 'Enter the customer\'s name.');
export const optionalEmail = z
  .string({ error: 'An email is text.' })
  .trim()
  .max(254, 'An email has at most 254 characters.')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address, or leave it empty.')
  .transform((v) => (v === '' ? null : v.toLowerCase()));
export const optionalPhone = z
  .string({ error: 'A phone number is text.' })
  .trim()
  .max(30, 'Enter a 10-digit phone number with its area code.')
  .refine((v) => v === '' || isUsPhoneNumber(v), 'Enter a 10-digit phone number with its area code, or leave it empty.')
  .transform((v) => (v === '' ? null : v));
/** Optional free text: empty becomes null. */
export const optionalText = (max: number, what: string) => typedText(max, `${what} has at most ${max.toLocaleString('en-US')} characters.`).transform((v) => (v === '' ? null : v));

/** The phone's last ten digits, the key customers are matched on. */
export const phoneDigitsOf = (phone: string | null | undefined): string | null => (phone ? phone.replace(/\D/g, '').slice(-10) || null : null);

export const customerFields = {
  name: customerName,
  email: optionalEmail,
  phone: optionalPhone,
  company: optionalText(120, 'A company name'),
  notes: optionalText(2000, 'Notes'),
};

/** A customer needs a way to be reached and matched: an email or a phone number. */
export const needsContact = <T extends { email: string | null; phone: string | null }>(value: T) => value.email !== null || value.phone !== null;
export const needsContactMessage = { message: 'Enter an email or a phone number, so the customer can be matched and reached.', path: ['email'] };

export const usStates = /^[A-Za-z]{2}$/;
export const addressFields = {
  line1: typedText(120, 'A street line has at most 120 characters.', 'Enter the street address.').min(1, 'Enter the street address.'),
  line2: optionalText(120, 'The second line'),
  city: typedText(80, 'A city has at most 80 characters.', 'Enter the city.').min(1, 'Enter the city.'),
  state: z.string({ error: 'Enter the state.' }).trim().regex(usStates, 'Enter the state as two letters, like TX.').transform((v) => v.toUpperCase()),
  zip: z.string({ error: 'Enter the ZIP code.' }).trim().regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code.'),
};

/**
 * A date or time as staff or another system write it: 2026-11-20, 11/20/2026, or an ISO date-time
 * with its offset. A bare date means that day (stored at noon UTC, which is the same day in Texas).
 * Empty is null.
 */
export function parseDateInput(value: string): Date | null | undefined {
  const text = value.trim();
  if (text === '') return null;
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [y, m, d] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else {
    if (!z.iso.datetime({ offset: true }).safeParse(text).success) return undefined;
    const at = new Date(text);
    return Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1990 || at.getUTCFullYear() > 2100 ? undefined : at;
  }
  const at = new Date(Date.UTC(y, m - 1, d, 12));
  if (at.getUTCMonth() !== m - 1 || at.getUTCDate() !== d || y < 1990 || y > 2100) return undefined;
  return at;
}

export const dateInput = (what: string) =>
  z.string({ error: `${what} is text, like 2026-11-20.` }).max(40, `Write ${what.toLowerCase()} like 2026-11-20.`).transform((value, ctx) => {
    const at = parseDateInput(value);
    if (at === undefined) {
      ctx.addIssue({ code: 'custom', message: `Write ${what.toLowerCase()} like 2026-11-20 or 11/20/2026.` });
      return z.NEVER;
    }
    return at;
  });

/** Dollars as staff type them ($1,250.00, 250, 99.5) to whole cents; empty is null. Up to $10,000,000. */
export const dollarsInput = z
  .string({ error: 'Write the amount in dollars, like 250.00.' })
  .trim()
  .max(20, 'Write the amount in dollars, like 250.00.')
  .transform((value, ctx) => {
    if (value === '') return null;
    const plain = value.replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
    const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(plain);
    const cents = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : NaN;
    if (!match || cents > 1_000_000_000) {
      ctx.addIssue({ code: 'custom', message: 'Write the amount in dollars, like 250.00 (up to $10,000,000).' });
      return z.NEVER;
    }
    return cents;
  });

/** A field-service system's job id: visible characters, no spaces. Empty is null. */
export const externalIdInput = z
  .string({ error: 'An external id is text.' })
  .trim()
  .max(200, 'An external id has at most 200 characters.')
  .regex(/^[\x21-\x7e]*$/, 'An external id is letters, digits and punctuation, without spaces.')
  .transform((v) => (v === '' ? null : v));

export const jobFields = {
  service: typedText(120, 'A service has at most 120 characters.', 'Enter the service done.').min(1, 'Enter the service done.'),
  completedAt: dateInput('The completion date'),
  invoiceTotal: dollarsInput,
  paidAt: dateInput('The payment date'),
  notes: optionalText(2000, 'Notes'),
  externalId: externalIdInput,
};
