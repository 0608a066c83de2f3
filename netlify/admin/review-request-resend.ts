// POST /api/admin/review-requests/:id/resend: sends the request, or the last email sent, again now (audited).
import type { Context } from '@netlify/functions';
import { adminReviewRequestResendContract } from '../../src/lib/api/admin/review-requests.contract';
import { readConfig } from '../../src/server/config';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { resendReviewRequestByStaff } from '../../src/server/services/admin-review-requests';
import { mailerFromEnv } from '../../src/server/services/mail';
import { deliverMessageNow } from '../../src/server/services/outbox';
import { defaultSiteUrl } from '../../src/server/services/renewal-reminders';

export default defineHandler(adminReviewRequestResendContract, async ({ params, staff, requestId, log, context }) => {
  const { view, messageId } = await withDb((db) => resendReviewRequestByStaff(db, params.id, { email: staff.email, requestId }, { siteUrl: readConfig().PUBLIC_SITE_URL ?? defaultSiteUrl }));
  // The attempt runs after the answer; if it fails, the outbox worker keeps retrying with backoff.
  const attempt = withDb((db) => deliverMessageNow(db, messageId, { mailer: mailerFromEnv(), log })).catch((error: unknown) => log.warn('review request send failed; the outbox worker retries', { reason: error instanceof Error ? error.message : String(error) }));
  (context as Context | undefined)?.waitUntil?.(attempt);
  return view;
});

export const path = '/api/admin/review-requests/:id/resend';
