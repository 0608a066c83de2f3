// POST /api/admin/chatbot/conversations/:id/email: queues the transcript email for the office and tries it at once (audited).
import type { Context } from '@netlify/functions';
import { adminChatEmailContract } from '../../src/lib/api/admin/chatbot.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { emailTranscript } from '../../src/server/services/admin-chatbot';
import { mailerFromEnv } from '../../src/server/services/mail';
import { deliverMessageNow } from '../../src/server/services/outbox';

export default defineHandler(adminChatEmailContract, async ({ params, staff, requestId, log, context }) => {
  const queued = await withDb((db) => emailTranscript(db, params.id, { email: staff.email, requestId }));
  // The attempt runs after the answer; if it fails, the outbox worker keeps retrying with backoff.
  const attempt = withDb((db) => deliverMessageNow(db, queued.outboxId, { mailer: mailerFromEnv(), log })).catch((error: unknown) => log.warn('transcript email attempt failed; the outbox worker retries', { reason: error instanceof Error ? error.message : String(error) }));
  (context as Context | undefined)?.waitUntil?.(attempt);
  return queued;
});

export const path = '/api/admin/chatbot/conversations/:id/email';
