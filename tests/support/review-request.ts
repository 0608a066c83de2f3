/**
 * A customer, a completed job and a waiting review request, written straight to a database (the
 * sending sequence creates them in production), for tests of /leave-review/{token}.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/database';
import { insertCustomer } from '../../src/server/repositories/customer.repository';
import { insertJob } from '../../src/server/repositories/job.repository';
import { insertReviewRequest, newReviewToken, type ReviewRequest } from '../../src/server/repositories/review-request.repository';
import { newPublicId } from '../../src/server/services/public-id';

export async function newReviewRequest(db: Kysely<Database>, options: { name: string; email: string; service?: string }): Promise<ReviewRequest> {
  const customer = await insertCustomer(db, { public_id: newPublicId(), name: options.name, email: options.email.toLowerCase(), phone: null, phone_digits: null, company: null, property_type: null });
  const job = await insertJob(db, {
    public_id: newPublicId(), customer_id: customer.id, service_address_id: null, service: options.service ?? 'Drain cleaning', completed_at: new Date(),
    invoice_total_cents: 25_000, paid_at: new Date(), source: 'admin', external_id: null, payload_hash: null, notes: null,
  });
  const request = await insertReviewRequest(db, {
    public_id: newPublicId(), token: newReviewToken(), customer_id: customer.id, job_id: job.id, email: options.email.toLowerCase(), name: options.name.split(' ')[0]!,
    service: job.service, step: 1, next_send_at: new Date(Date.now() + 3 * 86_400_000), last_sent_at: new Date(),
  });
  if (!request) throw new Error('The review request was not inserted.');
  return request;
}
