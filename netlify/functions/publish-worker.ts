// Scheduled every minute: when publish requests have waited out the debounce, posts the Netlify
// build hook once for all of them. Without NETLIFY_BUILD_HOOK_URL it does nothing (`npm start`
// rebuilds by itself; in production the admin says publishing is not set up).
import { withDb } from '../../src/server/db/connect';
import { createLogger } from '../../src/server/http/logger';
import { buildHookUrl, debounceSeconds, dispatchDuePublish, recordScheduledRun } from '../../src/server/services/publishing';

export default async (): Promise<Response> => {
  const log = createLogger({ fn: 'publish-worker' });
  const hookUrl = buildHookUrl();
  if (!hookUrl) return Response.json({ skipped: true });
  const startedAt = new Date();
  try {
    const result = await withDb(async (db) => {
      const dispatched = await dispatchDuePublish(db, { hookUrl, debounceSeconds: debounceSeconds() });
      await recordScheduledRun(db, 'publish-worker', { startedAt, ok: dispatched.build === undefined || dispatched.posted, message: dispatched.build ? `Build #${dispatched.build} ${dispatched.posted ? 'requested' : 'could not be requested'}` : 'Nothing due' });
      return dispatched;
    });
    if (result.build) log.info('publish run', { build: result.build, posted: result.posted });
    return Response.json(result);
  } catch (error) {
    log.error('publish run failed', error);
    return Response.json({ error: '500: The publish run failed; see the log.' }, { status: 500 });
  }
};

export const config = { schedule: '* * * * *' };
