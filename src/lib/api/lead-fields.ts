/**
 * The fields the estimate form and the booking form share (SPEC §3, §5), with the sentences a
 * visitor reads when one is wrong. Used by both contracts, so the browser and the server agree.
 */
import { z } from 'zod';

/** SPEC §9: message max length. */
export const messageMaxLength = 500;

/** The header carrying a submission's idempotency key (a UUID): a retried submission is stored once. */
export const idempotencyKeyHeader = 'Idempotency-Key';

// NUL and other control characters (tab and line breaks aside) are never typed by a person, and
// PostgreSQL refuses NUL in text; lone surrogates are broken Unicode.
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const readable = (value: string) => !controlCharacters.test(value) && value.isWellFormed();
const unreadable = 'This contains characters we cannot read. Please retype it.';

/** "Enter your name." when missing, "This must be text." for a number, a list… */
const textOr = (missing?: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? missing ?? 'This field is required.' : 'This must be text.') });

/** Text a person typed, trimmed, at most `max` characters. */
export function typedText(max: number, tooLong: string, missing?: string) {
  return textOr(missing).trim().max(max, tooLong).refine(readable, unreadable);
}

/** 10 digits, or 11 starting with 1 (SPEC §5's phone rule), written any way. */
export function isUsPhoneNumber(value: string): boolean {
  if (!/^[\d\s().+-]*$/.test(value)) return false;
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}

export const leadFields = {
  name: typedText(100, 'Use at most 100 characters for your name.', 'Enter your full name.').min(1, 'Enter your full name.'),
  phone: textOr('Enter your phone number so we can call you back.')
    .trim()
    .min(1, 'Enter your phone number so we can call you back.')
    .max(30, 'Enter a 10-digit phone number with its area code.')
    .refine(isUsPhoneNumber, 'Enter a 10-digit phone number with its area code.'),
  email: z
    .union([z.literal(''), z.email('Enter a valid email address, or leave this empty.').max(254, 'Use at most 254 characters for your email.')], {
      error: 'Enter a valid email address, or leave this empty.',
    })
    .optional(),
  message: typedText(messageMaxLength, `Use at most ${messageMaxLength} characters.`).optional(),
  /** The hidden spam trap: a person leaves it empty; anything in it marks the request as spam. */
  website: z.string().max(2000, 'Leave this field empty.').optional(),
  /** When the form opened (ms since 1970, the browser's clock). */
  formStartTime: z
    .number('Reload the page and send the form again.')
    .int('Reload the page and send the form again.')
    .min(0, 'Reload the page and send the form again.')
    .max(8.64e15, 'Reload the page and send the form again.'),
};

/** A choice from a list, or '' for "not chosen". */
export function optionalChoice<const T extends readonly [string, ...string[]]>(ids: T, message: string) {
  return z.enum(['', ...ids] as unknown as readonly ['', ...T], message).optional();
}
