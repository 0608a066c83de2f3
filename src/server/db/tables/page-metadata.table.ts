/** The page_metadata table: staff overrides of one page's title, description and canonical URL. */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface PageMetadataTable {
  id: Generated<number>;
  /** Root-relative path without a trailing slash, e.g. /drain-cleaning (see normalisePagePath). */
  path: string;
  /** The whole <title>, used as written; null keeps the page's own. */
  title: string | null;
  description: string | null;
  /** An absolute http(s) URL or a root-relative path; null keeps the page's own. */
  canonical: string | null;
  is_demo: Generated<boolean>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date | string>;
}

export type PageMetadataRow = Selectable<PageMetadataTable>;
export type NewPageMetadata = Insertable<PageMetadataTable>;
export type PageMetadataUpdate = Updateable<PageMetadataTable>;
