// Scheduled every minute: delivers pending outbox messages (staff notifications of new leads) with backoff.
import { withDb } from '../../src/server/db/connect';
import { createLogger } from '../../src/server/http/logger';
import { deleteOldCounters } from '../../src/server/repositories/rate-limit.repository';
import { mailerFromEnv } from '../../src/server/services/mail';
import { deliverDueMessages } from '../../src/server/services/outbox';
import { recordScheduledRun } from '../../src/server/services/publishing';

export default async (): Promise<Response> => {
  const log = createLogger({ fn: 'outbox-worker' });
  const startedAt = new Date();
  try {
    const mailer = mailerFromEnv();
    const report = await withDb(async (db) => {
      const delivered = await deliverDueMessages(db, { mailer, log });
      // Rate-limit windows older than a day are never read again.
      await deleteOldCounters(db, new Date(Date.now() - 24 * 60 * 60_000));
      await recordScheduledRun(db, 'outbox-worker', { startedAt, ok: true, message: `${delivered.sent} sent, ${delivered.retrying} retrying, ${delivered.dead} given up` });
      return delivered;
    });
    if (report.sent + report.retrying + report.dead > 0) log.info('outbox run', { ...report });
    return Response.json(report);
  } catch (error) {
    log.error('outbox run failed', error);
    await withDb((db) => recordScheduledRun(db, 'outbox-worker', { startedAt, ok: false, message: 'The run failed; see the function log.' })).catch(() => undefined);
    return Response.json({ error: '500: The outbox run failed; see the log.' }, { status: 500 });
  }
};

export const config = { schedule: '* * * * *' };
