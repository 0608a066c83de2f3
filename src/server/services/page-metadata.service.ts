/** Page metadata overrides: what the API answers, what the build writes into each page. */
import type { Kysely } from 'kysely';
import { isUsableCanonical, normalisePagePath, type PageMetadataOverride } from '../../lib/page-metadata';
import { withDb } from '../db/connect';
import type { Database } from '../db/database';
import { createLogger, type Logger } from '../http/logger';
import { listPageMetadata, upsertPageMetadata, type PageMetadataRow } from '../repositories/page-metadata.repository';
import { cachePerDatabase, shortCacheMs } from './short-cache';

/** A row as an override: blank fields keep the page's own value, an unusable canonical is dropped (and logged). */
export function toOverride(row: PageMetadataRow, log: Logger): PageMetadataOverride | null {
  const text = (value: string | null) => value?.trim() || null;
  let canonical = text(row.canonical);
  if (canonical && !isUsableCanonical(canonical)) {
    log.warn('page metadata canonical ignored: use https://… or a path starting with /', { path: row.path });
    canonical = null;
  }
  const override = { title: text(row.title), description: text(row.description), canonical };
  return override.title || override.description || override.canonical ? override : null;
}

/** Every usable override by normalised path: the table is small and written only by staff. */
export async function loadOverrides(db: Kysely<Database>, log: Logger): Promise<Map<string, PageMetadataOverride>> {
  const entries = (await listPageMetadata(db)).flatMap((row) => {
    const override = toOverride(row, log);
    return override ? [[normalisePagePath(row.path), override] as const] : [];
  });
  return new Map(entries);
}

const overridesForRequests = cachePerDatabase(shortCacheMs, () => withDb((db) => loadOverrides(db, createLogger({ cache: 'page-metadata' }))));

/** For GET /api/page-metadata: the override of `path`, from the table read at most once per shortCacheMs. */
export async function pageMetadataOverrideForRequest(path: string): Promise<PageMetadataOverride | null> {
  return (await overridesForRequests()).get(normalisePagePath(path)) ?? null;
}

let buildOverrides: Promise<Map<string, PageMetadataOverride>> | undefined;

/** For the build: the override of a page path, from one query per build. */
export async function pageMetadataOverrideFor(path: string): Promise<PageMetadataOverride | null> {
  buildOverrides ??= withDb((db) => loadOverrides(db, createLogger({ during: 'build' })));
  return (await buildOverrides).get(normalisePagePath(path)) ?? null;
}

/** Creates or replaces the override of a page (admin's write path); the path is stored normalised. */
export async function savePageMetadataOverride(db: Kysely<Database>, path: string, fields: PageMetadataOverride): Promise<void> {
  await upsertPageMetadata(db, { path: normalisePagePath(path), ...fields });
}
