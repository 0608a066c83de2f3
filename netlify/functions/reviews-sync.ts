// Scheduled daily: copies our places' Google reviews into the reviews table, when GOOGLE_PLACES_API_KEY and GOOGLE_PLACE_IDS are set.
import { withDb } from '../../src/server/db/connect';
import { createLogger } from '../../src/server/http/logger';
import { googlePlacesConfig, syncGoogleReviews } from '../../src/server/services/google-reviews-sync.service';

export default async (): Promise<Response> => {
  const log = createLogger({ job: 'reviews-sync' });
  const settings = googlePlacesConfig();
  if (!settings) {
    log.info('Google reviews sync skipped: GOOGLE_PLACES_API_KEY or GOOGLE_PLACE_IDS is not set');
    return Response.json({ skipped: true });
  }
  try {
    const result = await withDb((db) => syncGoogleReviews(db, settings, { log }));
    log.info('Google reviews synced', { ...result, failed: result.failed.length });
    return Response.json(result, { status: result.failed.length > 0 && result.places === 0 ? 502 : 200 });
  } catch (error) {
    log.error('Google reviews sync failed', error);
    return Response.json({ error: 'The reviews sync failed; see the function log.' }, { status: 500 });
  }
};

export const config = { schedule: '@daily' };
