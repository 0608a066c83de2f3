/** Staff edits of page metadata overrides, audited. Visitors see a change within the API's cache time. */
import type { Kysely } from 'kysely';
import type { adminPageMetadataSaveContract, PageMetadataView } from '../../lib/api/admin/page-metadata.contract';
import type { RequestOf } from '../../lib/api/contract';
import { normalisePagePath } from '../../lib/page-metadata';
import type { Database } from '../db/database';
import { recordAudit } from '../repositories/audit.repository';
import { requestPublish } from './publishing';
import { findPageMetadata, listPageMetadata, upsertPageMetadata, type PageMetadataRow } from '../repositories/page-metadata.repository';

interface Actor { email: string; requestId: string }

const view = (r: PageMetadataRow): PageMetadataView => ({ id: r.id, path: r.path, title: r.title, description: r.description, canonical: r.canonical, updatedAt: new Date(r.updated_at).toISOString(), isDemo: r.is_demo });
const fields = (r: PageMetadataRow | undefined) => (r ? { title: r.title, description: r.description, canonical: r.canonical } : undefined);

export async function listOverrides(db: Kysely<Database>) {
  return { overrides: (await listPageMetadata(db)).map(view) };
}

export async function saveOverride(db: Kysely<Database>, input: RequestOf<typeof adminPageMetadataSaveContract>, actor: Actor): Promise<PageMetadataView> {
  const path = normalisePagePath(input.path);
  return db.transaction().execute(async (trx) => {
    const before = await findPageMetadata(trx, path);
    const saved = await upsertPageMetadata(trx, { path, title: input.title, description: input.description, canonical: input.canonical });
    await recordAudit(trx, { actor: actor.email, action: before ? 'page-metadata.change' : 'page-metadata.add', entity: 'page-metadata', entityId: path, before: fields(before), after: fields(saved), requestId: actor.requestId });
    await requestPublish(trx, { kind: 'page-metadata', label: `Page metadata of ${path}`, by: actor.email });
    return view(saved);
  });
}

export async function deleteOverride(db: Kysely<Database>, rawPath: string, actor: Actor): Promise<{ deleted: boolean }> {
  const path = normalisePagePath(rawPath);
  return db.transaction().execute(async (trx) => {
    const before = await findPageMetadata(trx, path);
    if (!before) return { deleted: false };
    await trx.deleteFrom('page_metadata').where('id', '=', before.id).execute();
    await recordAudit(trx, { actor: actor.email, action: 'page-metadata.delete', entity: 'page-metadata', entityId: path, before: fields(before), requestId: actor.requestId });
    await requestPublish(trx, { kind: 'page-metadata', label: `Page metadata of ${path} removed`, by: actor.email });
    return { deleted: true };
  });
}
