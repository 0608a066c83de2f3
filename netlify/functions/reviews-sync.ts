// Scheduled daily: copies our places' Google reviews into the reviews table, when GOOGLE_PLACES_API_KEY and GOOGLE_PLACE_IDS are set.
import { withDb } from '../../src/server/db/connect';
import { createLogger } from '../../src/server/http/logger';
import { googlePlacesConfig, syncGoogleReviews } from '../../src/server/services/google-reviews-sync.service';
import { recordScheduledRun } from '../../src/server/services/publishing';

export default async (): Promise<Response> => {
  const log = createLogger({ job: 'reviews-sync' });
  const settings = googlePlacesConfig();
  if (!settings) {
    log.info('Google reviews sync skipped: GOOGLE_PLACES_API_KEY or GOOGLE_PLACE_IDS is not set');
    const now = new Date();
    await withDb((db) => recordScheduledRun(db, 'reviews-sync', { startedAt: now, ok: true, message: 'Skipped: GOOGLE_PLACES_API_KEY or GOOGLE_PLACE_IDS is not set.' })).catch(() => undefined);
    return Response.json({ skipped: true });
  }
  const startedAt = new Date();
  try {
    const result = await withDb(async (db) => {
      const synced = await syncGoogleReviews(db, settings, { log });
      await recordScheduledRun(db, 'reviews-sync', { startedAt, ok: synced.failed.length === 0, message: `${synced.places} place(s) synced${synced.failed.length ? `, ${synced.failed.length} failed` : ''}` });
      return synced;
    });
    log.info('Google reviews synced', { ...result, failed: result.failed.length });
    return Response.json(result, { status: result.failed.length > 0 && result.places === 0 ? 502 : 200 });
  } catch (error) {
    log.error('Google reviews sync failed', error);
    await withDb((db) => recordScheduledRun(db, 'reviews-sync', { startedAt, ok: false, message: 'The sync failed; see the function log.' })).catch(() => undefined);
    return Response.json({ error: 'The reviews sync failed; see the function log.' }, { status: 500 });
  }
};

export const config = { schedule: '@daily' };
