/**
 * The error catalogue (after Astro's): every error a visitor can meet that is not about one form
 * field, with its status, the sentence the visitor reads (what happened, what to do, our phone
 * numbers when we failed) and a hint for whoever reads the log. Services throw `appError(name)`;
 * the handler also maps a database outage and unexpected errors here.
 */
import { austinOffice, marbleFallsOffice } from '../../business';
import { HttpError, serverErrorText } from './response';

const phones = `${austinOffice.phone} (Austin) or ${marbleFallsOffice.phone} (Marble Falls)`;

export const errorCatalogue = {
  DatabaseUnavailable: {
    status: 503,
    text: `Our system is not answering right now, so this could not be done. Please try again in a minute, or call us at ${phones}.`,
    hint: 'The database did not answer or timed out (see isDatabaseUnavailable). Check DATABASE_URL and the database status; nothing was changed by this request.',
    headers: { 'Retry-After': '60' },
  },
  ServerError: {
    status: 500,
    text: serverErrorText,
    hint: 'An unexpected error; the log line with this request id holds the details.',
    headers: {},
  },
  NotConfigured: {
    status: 503,
    text: `This part of the site is not set up yet. Please call us at ${phones}.`,
    hint: 'A setting this function needs in production is missing; the log names the variable.',
    headers: { 'Retry-After': '3600' },
  },
  JobsWebhookNotConfigured: {
    status: 503,
    text: 'Job webhooks are not set up on this site yet (JOBS_WEBHOOK_SECRET is not configured), so this job was not stored. Ask the site owner to set the secret, then send the job again.',
    hint: 'Set JOBS_WEBHOOK_SECRET (at least 16 characters, e.g. `openssl rand -hex 32`) in the Netlify environment and give the same value to the field-service system that signs the posts.',
    headers: { 'Retry-After': '3600' },
  },
  SignInRequired: {
    status: 401,
    text: 'You are not signed in, or your session has ended. Sign in again to continue.',
    hint: 'No valid staff session cookie came with the request (signed out, 30 minutes idle or 12 hours since sign-in).',
    headers: {},
  },
  CustomerSignInRequired: {
    status: 401,
    text: 'You are not signed in to the customer portal, or your session has ended. Sign in again with your email to continue.',
    hint: 'No valid portal session cookie came with the request (signed out, or 7 days unused), or no customer record has the session\'s email any more.',
    headers: {},
  },
  CustomerAccountNotChosen: {
    status: 409,
    text: 'Several customer accounts use your email. Choose which account to open, then try again.',
    hint: 'The portal session has several customer records with its email and none chosen yet (POST /api/portal/account).',
    headers: {},
  },
  Forbidden: {
    status: 403,
    text: 'Your account cannot do this. Ask the owner of the site if you need it.',
    hint: 'The signed-in role is below the contract\'s access level.',
    headers: {},
  },
  NotFound: {
    status: 404,
    text: 'That record does not exist, or it was removed.',
    hint: 'A path parameter named a row that is not there.',
    headers: {},
  },
} as const satisfies Record<string, { status: number; text: string; hint: string; headers: Record<string, string> }>;

export type ErrorName = keyof typeof errorCatalogue;

/** An error from the catalogue, ready to throw: the handler answers with its status and sentence. */
export function appError(name: ErrorName, options: { fields?: Record<string, string> } = {}): HttpError {
  const entry = errorCatalogue[name];
  return new HttpError(entry.status, entry.text, { ...options, headers: { ...entry.headers } });
}
