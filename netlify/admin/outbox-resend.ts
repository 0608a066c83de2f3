// POST /api/admin/outbox/:id/resend: puts a dead email back in the queue and tries it at once (audited).
import type { Context } from '@netlify/functions';
import { adminOutboxResendContract } from '../../src/lib/api/admin/outbox.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { requeueDead } from '../../src/server/services/admin-outbox';
import { mailerFromEnv } from '../../src/server/services/mail';
import { deliverMessageNow } from '../../src/server/services/outbox';

export default defineHandler(adminOutboxResendContract, async ({ params, staff, requestId, log, context }) => {
  const message = await withDb((db) => requeueDead(db, params.id, { email: staff.email, requestId }));
  // The attempt runs after the answer; if it fails, the outbox worker keeps retrying with backoff.
  const attempt = withDb((db) => deliverMessageNow(db, params.id, { mailer: mailerFromEnv(), log })).catch((error: unknown) => log.warn('resend attempt failed; the outbox worker retries', { reason: error instanceof Error ? error.message : String(error) }));
  (context as Context | undefined)?.waitUntil?.(attempt);
  return message;
});

export const path = '/api/admin/outbox/:id/resend';
