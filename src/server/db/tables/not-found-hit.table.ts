/** The not_found_hits table: missing paths visitors asked for, with a hit count per path. */
import type { ColumnType, Generated, Selectable } from 'kysely';

export interface NotFoundHitTable {
  id: Generated<number>;
  /** The path without its query string. */
  path: string;
  /** Path plus query of the latest hit. */
  last_requested_url: string;
  last_referrer: string | null;
  hits: Generated<number>;
  first_seen_at: ColumnType<Date, never, never>;
  last_seen_at: ColumnType<Date, never, Date | string>;
}

export type NotFoundHit = Selectable<NotFoundHitTable>;
