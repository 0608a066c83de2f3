/**
 * Local sample reviews for `npm run db:seed` (flagged is_demo, never in production; the block labels
 * them as demo). The names say they are samples: no real or invented customer is quoted.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/database';
import { insertDemoReviews, type ExternalReview } from '../../src/server/repositories/review.repository';

const day = 24 * 3600;

const samples: { source: string; rating: number; category: string; author: string; daysAgo: number; text: string }[] = [
  { source: 'website', rating: 5, category: 'water-heater', author: 'Sample Reviewer A', daysAgo: 12, text: 'Sample review: the old tank water heater was leaking and the new one was in the same afternoon. The price matched the estimate.' },
  { source: 'google_places', rating: 5, category: 'water-heater', author: 'Anonymous', daysAgo: 30, text: 'Sample review: explained tank versus tankless plainly and flushed the sediment out of our heater.' },
  { source: 'email_link', rating: 4, category: 'water-heater', author: 'Sample Reviewer B', daysAgo: 55, text: 'Sample review: no hot water on a Saturday; they came by appointment and replaced the thermostat.' },
  { source: 'yelp', rating: 5, category: 'drain', author: 'Sample Reviewer C', daysAgo: 8, text: 'Sample review: the kitchen drain kept clogging. They cleared it and showed us the camera video of the line.' },
  { source: 'facebook', rating: 4, category: 'drain', author: 'Sample Reviewer D', daysAgo: 70, text: 'Sample review: hydro jetting cleared the main line before the holidays.' },
  { source: 'custom_review', rating: 5, category: 'leak', author: 'Sample Reviewer E', daysAgo: 20, text: 'Sample review: found a slab leak without tearing up the whole floor and gave a clear upfront price.' },
  { source: 'google_places', rating: 3, category: 'general', author: 'Sample Reviewer F', daysAgo: 120, text: 'Sample review: good work, but the arrival window was later than I hoped.' },
  { source: 'dataforseo', rating: 5, category: 'gas', author: 'Sample Reviewer G', daysAgo: 200, text: 'Sample review: ran a new gas line for our range and handled the permit and inspection.' },
];

/** The sample rows, dated relative to `nowMs` so they read as recent on any machine. */
export function demoReviews(nowMs: number = Date.now()): ExternalReview[] {
  const now = Math.floor(nowMs / 1000);
  return samples.map((s, i) => ({
    source: s.source,
    external_id: `demo-${i + 1}`,
    rating: s.rating,
    text: s.text,
    author_name: s.author,
    profile_photo_url: null,
    relative_time: null,
    timestamp: now - s.daysAgo * day,
    category: s.category,
  }));
}

/** Seeder for scripts/seed.ts: adds the samples that are missing; returns how many. */
export function seedDemoReviews(db: Kysely<Database>): Promise<number> {
  return insertDemoReviews(db, demoReviews());
}
