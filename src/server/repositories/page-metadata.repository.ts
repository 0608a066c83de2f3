/** Page metadata overrides: read by GET /api/page-metadata and the build; written by admin. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { NewPageMetadata, PageMetadataRow } from '../db/tables/page-metadata.table';

export type { PageMetadataRow };

/** The override stored for exactly this (already normalised) path, or undefined. */
export async function findPageMetadata(db: Kysely<Database>, path: string): Promise<PageMetadataRow | undefined> {
  return db.selectFrom('page_metadata').selectAll().where('path', '=', path).executeTakeFirst();
}

/** Every override, by path. */
export async function listPageMetadata(db: Kysely<Database>): Promise<PageMetadataRow[]> {
  return db.selectFrom('page_metadata').selectAll().orderBy('path').execute();
}

/** Creates or replaces the override of `path`. */
export async function upsertPageMetadata(db: Kysely<Database>, row: Omit<NewPageMetadata, 'id' | 'created_at' | 'updated_at'>): Promise<PageMetadataRow> {
  return db
    .insertInto('page_metadata')
    .values(row)
    .onConflict((oc) => oc.column('path').doUpdateSet({
      title: (eb) => eb.ref('excluded.title'),
      description: (eb) => eb.ref('excluded.description'),
      canonical: (eb) => eb.ref('excluded.canonical'),
      updated_at: sql<Date>`now()`,
    }))
    .returningAll()
    .executeTakeFirstOrThrow();
}
