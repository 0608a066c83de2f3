/**
 * Staff handling success stories: approve (the story then reaches /success-stories and its service
 * page with the next publish), correct, choose photos, feature, take approval back, delete. Every
 * change is audited; a change to what the public pages show records a publish request.
 */
import type { Kysely } from 'kysely';
import { cities } from '../../business/cities';
import type { adminStoryUpdateContract, StoryRow } from '../../lib/api/admin/success-stories.contract';
import type { RequestOf } from '../../lib/api/contract';
import type { Database } from '../db/database';
import type { SuccessStory } from '../db/tables/success-story.table';
import { appError } from '../http/errors';
import { HttpError } from '../http/response';
import { recordAudit } from '../repositories/audit.repository';
import { imageStore, validImageId } from '../uploads/image-store';
import { requestPublish } from './publishing';

interface Actor { email: string; requestId: string }
const cityName = (id: string) => cities.find((c) => c.id === id)?.name ?? id;
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function photo(id: string | null, width: number | null, height: number | null, shown: boolean) {
  return id && width && height ? { id, width, height, url: `/api/admin/success-stories/photos/${id}`, shown } : null;
}

export function storyView(row: SuccessStory): StoryRow {
  return {
    id: row.id, status: row.status, spamReason: row.spam_reason, name: row.name, city: row.city, service: row.service, story: row.story,
    before: photo(row.before_photo, row.before_width, row.before_height, row.show_before),
    after: photo(row.after_photo, row.after_width, row.after_height, row.show_after),
    featured: row.featured, consentAt: iso(row.consent_at)!, createdAt: iso(row.created_at)!, approvedBy: row.approved_by, approvedAt: iso(row.approved_at),
  };
}

const audited = (row: SuccessStory) => {
  const { story, ...rest } = storyView(row);
  return { ...rest, storyLength: story.length };
};

export async function listStories(db: Kysely<Database>, status?: SuccessStory['status']) {
  let query = db.selectFrom('success_stories').selectAll();
  query = status ? query.where('status', '=', status) : query.where('status', '!=', 'spam');
  return { stories: (await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute()).map(storyView) };
}

async function lockStory(trx: Kysely<Database>, id: number): Promise<SuccessStory> {
  const row = await trx.selectFrom('success_stories').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw appError('NotFound');
  return row;
}

export async function updateStory(db: Kysely<Database>, id: number, input: RequestOf<typeof adminStoryUpdateContract>, actor: Actor): Promise<StoryRow> {
  return db.transaction().execute(async (trx) => {
    const current = await lockStory(trx, id);
    if (current.status === 'spam' && input.status === 'approved') {
      throw new HttpError(409, 'This story was marked as spam when it arrived (its form was sent by a program). Delete it; ask the customer to send it again if it is real.');
    }
    const approving = input.status === 'approved' && current.status !== 'approved';
    const row = await trx.updateTable('success_stories').set({
      name: input.name, city: input.city, service: input.service, story: input.story, show_before: input.showBefore, show_after: input.showAfter, featured: input.featured,
      status: current.status === 'spam' ? 'spam' : input.status,
      approved_by: input.status === 'approved' ? (approving ? actor.email : current.approved_by) : null,
      approved_at: input.status === 'approved' ? (approving ? new Date() : current.approved_at) : null,
      updated_by: actor.email, updated_at: new Date(),
    }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    const action = approving ? 'story.approve' : current.status === 'approved' && row.status !== 'approved' ? 'story.unapprove' : 'story.change';
    await recordAudit(trx, { actor: actor.email, action, entity: 'success_story', entityId: id, before: audited(current), after: audited(row), requestId: actor.requestId });
    if (current.status === 'approved' || row.status === 'approved') {
      const what = { 'story.approve': 'approved', 'story.unapprove': 'taken down', 'story.change': 'changed' }[action];
      await requestPublish(trx, { kind: 'success-story', label: `Success story ${what}: ${row.name}, ${cityName(row.city)}`, by: actor.email });
    }
    return storyView(row);
  });
}

export async function deleteStory(db: Kysely<Database>, id: number, actor: Actor): Promise<{ deleted: true }> {
  const removed = await db.transaction().execute(async (trx) => {
    const current = await lockStory(trx, id);
    await trx.deleteFrom('success_stories').where('id', '=', id).execute();
    await recordAudit(trx, { actor: actor.email, action: 'story.delete', entity: 'success_story', entityId: id, before: audited(current), requestId: actor.requestId });
    if (current.status === 'approved') await requestPublish(trx, { kind: 'success-story', label: `Success story deleted: ${current.name}, ${cityName(current.city)}`, by: actor.email });
    return current;
  });
  // The photos go with the story, once its row is gone.
  const store = imageStore(process.env, 'stories');
  for (const photoId of [removed.before_photo, removed.after_photo]) if (photoId) await store.delete(photoId).catch(() => undefined);
  return { deleted: true };
}

export async function loadStoryPhoto(id: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!validImageId.test(id)) return undefined;
  return imageStore(process.env, 'stories').get(id);
}
