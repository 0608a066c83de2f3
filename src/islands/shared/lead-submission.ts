/**
 * Sending a lead from a form: the idempotency key is reused while the visitor retries the same
 * details, so a request that reached us before the connection failed is stored once; new
 * details get a new key. Failures become the sentence the visitor reads (SPEC §8).
 */
import { ApiError, callContract } from '../../lib/api/client';
import type { ApiContract, ReadOf, RequestInputOf } from '../../lib/api/contract';
import { idempotencyKeyHeader } from '../../lib/api/lead-fields';

/** The submission a form is trying to send: its key and what it said. */
export interface PendingSubmission {
  key: string;
  fingerprint: string;
}

/** SPEC §8: shown when a failure has no message of its own. */
export const submitFailedText = 'Failed to submit form. Please try again.';

/** A v4 UUID, also where crypto.randomUUID is missing (pages served over plain http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The pending submission for `fingerprint`: the earlier one when the details are unchanged, else a new key. */
export function submissionFor(pending: PendingSubmission | null | undefined, fingerprint: string): PendingSubmission {
  return pending && pending.fingerprint === fingerprint ? pending : { key: newIdempotencyKey(), fingerprint };
}

/** What the visitor reads for a failure: our server's "<status>: <sentence>", or SPEC's fallback. */
export function failureText(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : submitFailedText;
}

/** Field messages the server sent with a 400, if any. */
export function failureFields(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}

export function sendLead<C extends ApiContract>(contract: C, payload: RequestInputOf<C>, key: string): Promise<ReadOf<C>> {
  return callContract(contract, payload as never, { [idempotencyKeyHeader]: key });
}
