/** Review requests (one per completed job) and the review settings row. */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { reviewRequestStatuses, reviewRequestStopReasons } from '../../../lib/api/admin/review-requests.contract';

export type ReviewRequestStatus = (typeof reviewRequestStatuses)[number];
/** Why a sequence ended before its last reminder. */
export type ReviewRequestStopReason = (typeof reviewRequestStopReasons)[number];

export interface ReviewRequestTable {
  id: Generated<number>;
  public_id: string;
  token: string;
  customer_id: number;
  job_id: number;
  email: string;
  /** The customer's name as the email greets them. */
  name: string;
  /** The job's service, pre-filled on the review form. */
  service: string;
  status: Generated<ReviewRequestStatus>;
  step: Generated<number>;
  next_send_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  first_sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  stop_reason: ReviewRequestStopReason | null;
  opened_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  review_id: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ReviewSettingsTable {
  id: number;
  enabled: Generated<boolean>;
  send_hour: Generated<number>;
  google_url: string | null;
  facebook_url: string | null;
  yelp_url: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: string | null;
}

export type ReviewRequest = Selectable<ReviewRequestTable>;
export type NewReviewRequest = Insertable<ReviewRequestTable>;
export type ReviewSettingsRow = Selectable<ReviewSettingsTable>;
