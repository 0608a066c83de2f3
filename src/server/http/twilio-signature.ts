/**
 * Twilio's request signature (X-Twilio-Signature): base64 of HMAC-SHA1, keyed with the auth token,
 * over the full public URL Twilio posted to followed by every POST parameter's name and value,
 * sorted by name. Compared in constant time.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const twilioSignatureHeader = 'X-Twilio-Signature';

/** The signature Twilio sends for a form post of `params` to `url`. */
export function twilioSignature(authToken: string, url: string, params: Iterable<[string, string]> | Record<string, string>): string {
  const pairs = Symbol.iterator in Object(params) ? [...(params as Iterable<[string, string]>)] : Object.entries(params as Record<string, string>);
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const hmac = createHmac('sha1', authToken).update(url, 'utf8');
  for (const [name, value] of pairs) hmac.update(name + value, 'utf8');
  return hmac.digest('base64');
}

/** True when `signature` is Twilio's for this post; equal-length digests keep the comparison constant-time. */
export function isValidTwilioSignature(authToken: string, signature: string | null | undefined, url: string, params: Iterable<[string, string]> | Record<string, string>): boolean {
  if (!signature || signature.length > 200) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(twilioSignature(authToken, url, params)), digest(signature));
}
