/**
 * Email preferences and unsubscribing. Each address has a random token its links carry
 * (/email-preferences/{token}); the token opens and changes that one address's preferences.
 * GET and PUT /api/email-preferences read and save them. /api/email-preferences/one-click is the
 * RFC 8058 List-Unsubscribe address: a POST with the body `List-Unsubscribe=One-Click` (no cookie
 * needed) switches off the message's category and answers 200, a GET only leads to the page.
 * POST /api/unsubscribe emails a known address the link to its preferences, and answers the same
 * whether or not the address is known.
 */
import { z } from 'zod';
import { defineContract } from './contract';
import { leadFields } from './lead-fields';

export const preferenceTokenField = z.string('Open the link from one of our emails.').regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not complete. Open it again from the email, or ask for a new one on /unsubscribe.');

/** The categories a person can switch off (the outbox's categories except transactional). */
export const optionalEmailCategories = ['review_request', 'referral', 'service_reminder', 'marketing'] as const;
export type OptionalEmailCategory = (typeof optionalEmailCategories)[number];

const choices = {
  reviewRequests: z.boolean('Choose yes or no for review requests.'),
  referralEmails: z.boolean('Choose yes or no for referral emails.'),
  serviceReminders: z.boolean('Choose yes or no for service reminders.'),
  offers: z.boolean('Choose yes or no for offers.'),
  unsubscribedAll: z.boolean('Choose whether to unsubscribe from all emails.'),
};

export const preferencesViewSchema = z.strictObject({ email: z.string(), ...choices });
export type PreferencesViewData = z.output<typeof preferencesViewSchema>;

export const emailPreferencesContract = defineContract({
  path: '/api/email-preferences',
  method: 'GET',
  query: z.strictObject({ token: preferenceTokenField }),
  response: preferencesViewSchema,
});

export const emailPreferencesSaveContract = defineContract({
  path: '/api/email-preferences',
  method: 'PUT',
  request: z.strictObject({ token: preferenceTokenField, ...choices }),
  response: preferencesViewSchema,
});

const oneClickQuery = z.strictObject({
  token: preferenceTokenField,
  category: z.enum(optionalEmailCategories, 'This unsubscribe link names no list we send. Open your email preferences instead.'),
});

/** RFC 8058: the mail provider posts `List-Unsubscribe=One-Click` (form-encoded or multipart); the body is read raw. */
export const oneClickUnsubscribeContract = defineContract({
  path: '/api/email-preferences/one-click',
  method: 'POST',
  query: oneClickQuery,
  bodyType: 'raw',
  maxBodyBytes: 4096,
  response: z.strictObject({ ok: z.literal(true), unsubscribedFrom: z.enum(optionalEmailCategories), message: z.string() }),
});

/** Opening the List-Unsubscribe address in a browser changes nothing: it leads to the preferences page. */
export const oneClickPageContract = defineContract({
  path: '/api/email-preferences/one-click',
  method: 'GET',
  query: oneClickQuery,
  response: z.unknown(),
});

export const unsubscribeRequestSchema = z.strictObject({
  email: z.string('Enter the email address our emails come to.').trim().max(254, 'Use at most 254 characters for the email.').pipe(z.email('Enter the email address our emails come to.')),
  website: leadFields.website,
  formStartTime: leadFields.formStartTime.optional(),
});

export const unsubscribeRequestContract = defineContract({
  path: '/api/unsubscribe',
  method: 'POST',
  request: unsubscribeRequestSchema,
  response: z.strictObject({ ok: z.literal(true), message: z.string() }),
});
