// Scheduled every minute: publishes the blog posts scheduled for now or earlier (audited) and starts
// a build at once, so a scheduled post goes live at its time without anyone pressing Publish.
import { withDb } from '../../src/server/db/connect';
import { createLogger } from '../../src/server/http/logger';
import { publishDuePosts, schedulerActor } from '../../src/server/services/admin-blog';
import { buildAtOnce, recordScheduledRun } from '../../src/server/services/publishing';

export default async (): Promise<Response> => {
  const log = createLogger({ fn: 'blog-scheduler' });
  const startedAt = new Date();
  try {
    const result = await withDb(async (db) => {
      const published = await publishDuePosts(db, startedAt);
      const build = published.length > 0 ? await buildAtOnce(db, schedulerActor) : undefined;
      const message = published.length === 0 ? 'Nothing due' : `Published ${published.map((p) => `/${p.slug}`).join(', ')}; ${build ? `build #${build.id} started` : 'it waits for the build after the one running'}`;
      await recordScheduledRun(db, 'blog-scheduler', { startedAt, ok: true, message });
      return { published: published.map((p) => p.slug), build: build?.id };
    });
    if (result.published.length > 0) log.info('scheduled posts published', { posts: result.published.length, build: result.build });
    return Response.json(result);
  } catch (error) {
    log.error('blog scheduler run failed', error);
    await withDb((db) => recordScheduledRun(db, 'blog-scheduler', { startedAt, ok: false, message: 'The run failed; see the function log.' })).catch(() => undefined);
    return Response.json({ error: '500: The blog scheduler run failed; see the log.' }, { status: 500 });
  }
};

export const config = { schedule: '* * * * *' };
