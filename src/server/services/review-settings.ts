/**
 * Review settings as every caller sees them: the stored row over the defaults. The links are the
 * options every customer is offered, whatever their experience (no gating by rating: FTC 16 CFR 465).
 */
import type { Kysely } from 'kysely';
import { company } from '../../business';
import type { Database } from '../db/database';
import { findReviewSettings } from '../repositories/review-request.repository';

export interface ReviewSettings {
  enabled: boolean;
  /** Hour of day in America/Chicago when requests and reminders go out. */
  sendHour: number;
  links: { google: string | null; facebook: string | null; yelp: string | null };
}

const profile = (name: string): string | null => company.social.find((s) => s.name === name)?.url ?? null;

export const defaultReviewSettings = (): ReviewSettings => ({
  enabled: true,
  sendHour: 9,
  links: { google: null, facebook: profile('Facebook'), yelp: profile('Yelp') },
});

export async function reviewSettings(db: Kysely<Database>): Promise<ReviewSettings> {
  const row = await findReviewSettings(db);
  // Once staff save the settings they are the whole answer: a link they cleared is not offered.
  if (!row) return defaultReviewSettings();
  return { enabled: row.enabled, sendHour: row.send_hour, links: { google: row.google_url, facebook: row.facebook_url, yelp: row.yelp_url } };
}
