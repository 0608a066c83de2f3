/** The success_stories table: stories customers send, waiting for staff approval (/admin/success-stories). */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export type StoryStatus = 'pending' | 'approved' | 'spam';

export interface SuccessStoryTable {
  id: Generated<number>;
  status: ColumnType<StoryStatus, StoryStatus | undefined, StoryStatus>;
  spam_reason: string | null;
  name: string;
  city: string;
  /** A service id from src/business/services.ts. */
  service: string;
  story: string;
  /** When the customer agreed to the publication of their name and photos. */
  consent_at: ColumnType<Date, Date, never>;
  before_photo: string | null;
  before_width: number | null;
  before_height: number | null;
  after_photo: string | null;
  after_width: number | null;
  after_height: number | null;
  show_before: Generated<boolean>;
  show_after: Generated<boolean>;
  featured: Generated<boolean>;
  idempotency_key: string | null;
  request_hash: string;
  client_hash: string | null;
  approved_by: string | null;
  approved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updated_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type SuccessStory = Selectable<SuccessStoryTable>;
export type NewSuccessStory = Insertable<SuccessStoryTable>;
export type SuccessStoryUpdate = Updateable<SuccessStoryTable>;
