// POST /api/webhooks/jobs: a field-service system's job, signed with JOBS_WEBHOOK_SECRET over the raw body, stored once per external id.
import { jobsSignatureHeader, jobsWebhookContract } from '../../src/lib/api/jobs-webhook.contract';
import { readConfig } from '../../src/server/config';
import { withDb } from '../../src/server/db/connect';
import { appError } from '../../src/server/http/errors';
import { defineHandler } from '../../src/server/http/handler';
import { HttpError } from '../../src/server/http/response';
import { parseJobsWebhookBody, receiveWebhookJob, signatureMatches } from '../../src/server/services/jobs-webhook';

export default defineHandler(jobsWebhookContract, async ({ request, rawBody, log, requestId }) => {
  const secret = readConfig().JOBS_WEBHOOK_SECRET;
  if (!secret) {
    log.error('jobs webhook received but JOBS_WEBHOOK_SECRET is not set', new Error('JOBS_WEBHOOK_SECRET missing'));
    throw appError('JobsWebhookNotConfigured');
  }
  const signature = request.headers.get(jobsSignatureHeader);
  if (!signature) throw new HttpError(400, `The ${jobsSignatureHeader} header is missing. Sign the body with HMAC-SHA256 and send it as ${jobsSignatureHeader}: sha256=<hex>.`);
  if (!signatureMatches(secret, rawBody, signature)) throw new HttpError(400, `The ${jobsSignatureHeader} header does not match this body. Sign the exact bytes you send with HMAC-SHA256 and the shared secret.`);
  const body = parseJobsWebhookBody(rawBody);
  const recorded = await withDb((db) => receiveWebhookJob(db, body, requestId));
  log.info('job received', { externalId: body.external_id, outcome: recorded.outcome, customerCreated: recorded.customerCreated });
  const { job } = recorded;
  return {
    outcome: recorded.outcome,
    job: {
      id: job.public_id, external_id: job.external_id!, customer_id: recorded.customerPublicId, service: job.service,
      completed_at: job.completed_at && new Date(job.completed_at).toISOString(), invoice_total_cents: job.invoice_total_cents, paid_at: job.paid_at && new Date(job.paid_at).toISOString(),
    },
  };
});

export const config = { path: '/api/webhooks/jobs' };
