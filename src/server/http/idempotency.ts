/** Reading a request's Idempotency-Key header (a UUID); a malformed one is a 400. */
import { idempotencyKeyHeader } from '../../lib/api/lead-fields';
import { HttpError } from './response';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The key, lower-cased, or undefined when the request has none. */
export function readIdempotencyKey(request: Request): string | undefined {
  const value = request.headers.get(idempotencyKeyHeader)?.trim();
  if (!value) return undefined;
  if (!uuid.test(value)) {
    throw new HttpError(400, `The ${idempotencyKeyHeader} header must be a UUID, such as 3f1c2a9e-4b7d-4c1e-9a2b-5d6e7f801234. Reload the page and send the form again.`);
  }
  return value.toLowerCase();
}
