// Scheduled hourly: sends the review requests and reminders that are due (each at the send hour set in
// /admin/review-requests, in Texas time), re-checking opt-outs, suppression and the master switch. A run
// at night (outside 8 AM–8 PM Central: a late or retried run) sends nothing and moves what is due to the next send hour.
import { readConfig } from '../../src/server/config';
import { withDb } from '../../src/server/db/connect';
import { createLogger } from '../../src/server/http/logger';
import { mailerFromEnv } from '../../src/server/services/mail';
import { deliverMessageNow } from '../../src/server/services/outbox';
import { recordScheduledRun } from '../../src/server/services/publishing';
import { defaultSiteUrl } from '../../src/server/services/renewal-reminders';
import { sendDueReviewRequests } from '../../src/server/services/review-requests';

export default async (): Promise<Response> => {
  const log = createLogger({ fn: 'review-requests' });
  const startedAt = new Date();
  try {
    const outcome = await withDb(async (db) => {
      const result = await sendDueReviewRequests(db, { now: startedAt, siteUrl: readConfig().PUBLIC_SITE_URL ?? defaultSiteUrl });
      const mailer = mailerFromEnv();
      // Sent now when the mail server answers; the outbox worker retries the rest.
      for (const id of result.messageIds) await deliverMessageNow(db, id, { mailer, log });
      await recordScheduledRun(db, 'review-requests', { startedAt, ok: true, message: `${result.sent} sent, ${result.stopped} stopped, ${result.deferred} moved to the morning` });
      return result;
    });
    if (outcome.sent + outcome.stopped + outcome.deferred > 0) log.info('review requests', { sent: outcome.sent, stopped: outcome.stopped, deferred: outcome.deferred });
    return Response.json({ sent: outcome.sent, stopped: outcome.stopped, deferred: outcome.deferred });
  } catch (error) {
    log.error('review requests failed', error);
    await withDb((db) => recordScheduledRun(db, 'review-requests', { startedAt, ok: false, message: 'The run failed; see the function log.' })).catch(() => undefined);
    return Response.json({ error: '500: The review request run failed; see the log.' }, { status: 500 });
  }
};

export const config = { schedule: '5 * * * *' };
