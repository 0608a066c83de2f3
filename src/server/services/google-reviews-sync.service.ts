/**
 * Copies the Google reviews of our places into the reviews table through the Places API (New):
 * GET {base}/v1/places/{placeId} with the headers X-Goog-Api-Key and X-Goog-FieldMask: reviews.
 * Google answers at most five reviews per place, so a review missing from an answer is not deleted.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Env } from '../db/connect';
import type { Database } from '../db/database';
import type { Logger } from '../http/logger';
import { upsertExternalReview, type ExternalReview } from '../repositories/review.repository';

export const googleReviewSource = 'google_places';
export const defaultGooglePlacesBaseUrl = 'https://places.googleapis.com';

export interface GooglePlacesConfig {
  apiKey: string;
  placeIds: string[];
  /** Google's API, or a local server speaking its protocol in tests (GOOGLE_PLACES_BASE_URL). */
  baseUrl: string;
}

// Place ids are URL-safe base64-like strings; anything else would change the request path.
const placeIdPattern = /^[A-Za-z0-9_-]{1,300}$/;

/** The sync's settings, or undefined when GOOGLE_PLACES_API_KEY or GOOGLE_PLACE_IDS is unset (then nothing runs). */
export function googlePlacesConfig(env: Env = process.env): GooglePlacesConfig | undefined {
  const apiKey = env.GOOGLE_PLACES_API_KEY?.trim();
  const placeIds = (env.GOOGLE_PLACE_IDS ?? '').split(',').map((id) => id.trim()).filter(Boolean);
  if (!apiKey || placeIds.length === 0) return undefined;
  const baseUrl = (env.GOOGLE_PLACES_BASE_URL?.trim() || defaultGooglePlacesBaseUrl).replace(/\/+$/, '');
  return { apiKey, placeIds: [...new Set(placeIds)], baseUrl };
}

/** One review as the Places API (New) describes it; only the fields we store are read. */
const googleReviewSchema = z.object({
  /** "places/{placeId}/reviews/{reviewId}": stable, so it is the external id. */
  name: z.string().min(1).max(500),
  rating: z.number().int().min(1).max(5),
  text: z.object({ text: z.string() }).optional(),
  originalText: z.object({ text: z.string() }).optional(),
  authorAttribution: z.object({ displayName: z.string().optional(), photoUri: z.string().optional() }).optional(),
  relativePublishTimeDescription: z.string().optional(),
  publishTime: z.string().optional(),
});
const placeSchema = z.object({ reviews: z.array(z.unknown()).optional() });
const googleErrorSchema = z.object({ error: z.object({ code: z.number().optional(), status: z.string().optional(), message: z.string().optional() }) });

/** Keyword rules that file a review under a service's `reviewCategory`; the first match wins. */
const categoryRules: [category: string, pattern: RegExp][] = [
  ['water-heater', /water heater|hot water|tankless|anode/i],
  ['disposal', /disposal/i],
  ['backflow', /backflow/i],
  ['gas', /\bgas\b/i],
  ['drainage', /drainage|french drain|yard drain|standing water/i],
  ['drain', /drain|clog|sewer|rooter|hydro.?jet|septic/i],
  ['leak', /leak|burst|slab/i],
  ['toilet-faucet', /toilet|faucet|sink/i],
  ['commercial', /restaurant|commercial|our business|property manag/i],
  ['emergency', /emergency|after hours|middle of the night/i],
];

/** The category a review's text points to, or `general`. */
export function categorizeReviewText(text: string): string {
  return categoryRules.find(([, pattern]) => pattern.test(text))?.[0] ?? 'general';
}

/** A Places review as a row; undefined when the answer does not have the expected shape. */
export function toExternalReview(raw: unknown, nowMs: number = Date.now()): ExternalReview | undefined {
  const parsed = googleReviewSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const review = parsed.data;
  const text = (review.originalText?.text ?? review.text?.text ?? '').trim();
  const published = review.publishTime ? Date.parse(review.publishTime) : Number.NaN;
  const photo = review.authorAttribution?.photoUri;
  return {
    source: googleReviewSource,
    external_id: review.name,
    rating: review.rating,
    text,
    author_name: review.authorAttribution?.displayName?.trim() || 'Anonymous',
    profile_photo_url: photo && /^https:\/\//.test(photo) ? photo : null,
    relative_time: review.relativePublishTimeDescription?.trim() || null,
    timestamp: Math.floor((Number.isFinite(published) ? published : nowMs) / 1000),
    category: categorizeReviewText(text),
  };
}

export interface PlaceFailure {
  placeId: string;
  /** HTTP status, or 0 when Google could not be reached. */
  status: number;
  reason: string;
}

export interface GoogleSyncResult {
  places: number;
  inserted: number;
  updated: number;
  /** Reviews in an answer that did not have the expected shape. */
  skipped: number;
  failed: PlaceFailure[];
}

async function fetchPlaceReviews(config: GooglePlacesConfig, placeId: string, fetchImpl: typeof fetch): Promise<unknown[] | PlaceFailure> {
  let response: Response;
  try {
    response = await fetchImpl(`${config.baseUrl}/v1/places/${encodeURIComponent(placeId)}`, {
      headers: { 'X-Goog-Api-Key': config.apiKey, 'X-Goog-FieldMask': 'reviews', Accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    return { placeId, status: 0, reason: `Google Places could not be reached: ${error instanceof Error ? error.message : String(error)}` };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const google = googleErrorSchema.safeParse(body);
    const detail = google.success ? [google.data.error.status, google.data.error.message].filter(Boolean).join(': ') : response.statusText;
    return { placeId, status: response.status, reason: detail || `HTTP ${response.status}` };
  }
  const place = placeSchema.safeParse(body);
  if (!place.success) return { placeId, status: response.status, reason: 'The answer was not a Place object.' };
  return place.data.reviews ?? [];
}

/**
 * Fetches each configured place and upserts its reviews by Google's review id. A place that fails
 * (bad id, quota, network) is reported and the others still sync.
 */
export async function syncGoogleReviews(
  db: Kysely<Database>,
  config: GooglePlacesConfig,
  options: { log: Logger; fetch?: typeof fetch; nowMs?: number },
): Promise<GoogleSyncResult> {
  const result: GoogleSyncResult = { places: 0, inserted: 0, updated: 0, skipped: 0, failed: [] };
  const fetchImpl = options.fetch ?? fetch;
  for (const placeId of config.placeIds) {
    if (!placeIdPattern.test(placeId)) {
      result.failed.push({ placeId: placeId.slice(0, 40), status: 0, reason: 'This is not a Google place id (letters, digits, - and _ only); check GOOGLE_PLACE_IDS.' });
      continue;
    }
    const reviews = await fetchPlaceReviews(config, placeId, fetchImpl);
    if (!Array.isArray(reviews)) {
      result.failed.push(reviews);
      options.log.warn('Google Places answer failed', { placeId, status: reviews.status, reason: reviews.reason });
      continue;
    }
    result.places += 1;
    for (const raw of reviews) {
      const review = toExternalReview(raw, options.nowMs);
      if (!review) {
        result.skipped += 1;
        continue;
      }
      result[await upsertExternalReview(db, review)] += 1;
    }
  }
  return result;
}
