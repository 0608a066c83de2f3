/** The reviews table: one row per review, whatever its source (SPEC §3 Review). */
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';

export const reviewStatuses = ['pending', 'approved', 'rejected', 'spam'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** A photo a reviewer attached, stored in the review image store. */
export interface ReviewPhoto {
  id: string;
  width: number;
  height: number;
}

export interface ReviewTable {
  id: Generated<number>;
  /** 1 to 5. */
  rating: number;
  text: string;
  author_name: string;
  profile_photo_url: string | null;
  /** The provider's wording, e.g. "a month ago"; null when the site computes it from `timestamp`. */
  relative_time: string | null;
  /** dataforseo, google_places, gmb_api, facebook, yelp, custom_review, email_link, website … */
  source: string;
  /** Seconds since the epoch. PostgreSQL bigint arrives as a string through pg. */
  timestamp: ColumnType<string | number, number, number>;
  /** A service's `reviewCategory` slug, e.g. water-heater; `general` when none fits. */
  category: Generated<string>;
  /** The provider's id, unique per source; null for reviews without one. */
  external_id: string | null;
  /** Computed by the database from `source`: website, custom_review or email_link. */
  is_first_party: GeneratedAlways<boolean>;
  /** pending until staff moderate a review left on our site; synced and older reviews are approved. */
  status: ColumnType<ReviewStatus, ReviewStatus | undefined, ReviewStatus>;
  /** Why a submission was stored as spam: trap, too-fast. */
  spam_reason: string | null;
  title: string | null;
  /** A service id from src/business/services.ts (reviews left on our site). */
  service: string | null;
  /** The reviewer's email: private, never published. */
  email: string | null;
  consent_to_publish: Generated<boolean>;
  photos: ColumnType<ReviewPhoto[], string | undefined, string>;
  reply_text: string | null;
  reply_by: string | null;
  reply_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  featured: Generated<boolean>;
  review_request_id: number | null;
  client_hash: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  moderated_by: string | null;
  moderated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Local sample rows; never inserted in production. */
  is_demo: Generated<boolean>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date | string>;
}

export type ReviewRow = Selectable<ReviewTable>;
export type NewReview = Insertable<ReviewTable>;
export type ReviewUpdate = Updateable<ReviewTable>;
