// Scheduled daily at 15:00 UTC (9 or 10 AM in Texas): renewal reminders 30 and 7 days before a membership ends.
import { readConfig } from '../../src/server/config';
import { withDb } from '../../src/server/db/connect';
import { createLogger } from '../../src/server/http/logger';
import { mailerFromEnv } from '../../src/server/services/mail';
import { deliverMessageNow } from '../../src/server/services/outbox';
import { recordScheduledRun } from '../../src/server/services/publishing';
import { defaultSiteUrl, queueRenewalReminders } from '../../src/server/services/renewal-reminders';

export default async (): Promise<Response> => {
  const log = createLogger({ fn: 'membership-reminders' });
  const startedAt = new Date();
  try {
    const queued = await withDb(async (db) => {
      const ids = await queueRenewalReminders(db, startedAt, readConfig().PUBLIC_SITE_URL ?? defaultSiteUrl);
      const mailer = mailerFromEnv();
      // Sent now when the mail server answers; the outbox worker retries the rest.
      for (const id of ids) await deliverMessageNow(db, id, { mailer, log });
      await recordScheduledRun(db, 'membership-reminders', { startedAt, ok: true, message: `${ids.length} reminders queued` });
      return ids.length;
    });
    if (queued > 0) log.info('renewal reminders queued', { queued });
    return Response.json({ queued });
  } catch (error) {
    log.error('renewal reminders failed', error);
    await withDb((db) => recordScheduledRun(db, 'membership-reminders', { startedAt, ok: false, message: 'The run failed; see the function log.' })).catch(() => undefined);
    return Response.json({ error: '500: The renewal reminder run failed; see the log.' }, { status: 500 });
  }
};

export const config = { schedule: '0 15 * * *' };
