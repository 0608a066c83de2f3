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
  SignInRequired: {
    status: 401,
    text: 'You are not signed in, or your session has ended. Sign in again to continue.',
    hint: 'No valid staff session cookie came with the request (signed out, 30 minutes idle or 12 hours since sign-in).',
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
