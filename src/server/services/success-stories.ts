/**
 * Success stories customers send from /success-stories, with the lead form's rules: a client
 * sending more than 5 in 10 minutes gets a 429 (counted before anything else, in its own
 * statement); a repeated Idempotency-Key gets the first answer without storing the story twice;
 * spam (the trap filled, or sent under 3 s after the form opened) is stored as spam and never shown.
 * Photos are checked like chat photos and re-encoded before they are kept. Every story waits for
 * staff approval (/admin/success-stories).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import { maxStoryPhotoBytes, type storyFormSchema } from '../../lib/api/success-stories.contract';
import type { Env } from '../db/connect';
import { withDb } from '../db/connect';
import { clientAddress } from '../http/client-address';
import { readIdempotencyKey } from '../http/idempotency';
import { keyReusedText, rateLimitFor, refuseOverRateLimit } from '../http/lead-submission';
import type { Logger } from '../http/logger';
import { HttpError } from '../http/response';
import { imageStore } from '../uploads/image-store';
import { reencodeImage, type ReencodedImage } from '../uploads/reencode-image';
import { clientHash } from './client-hash';
import { spamReason } from './leads';

type StoryForm = z.output<typeof storyFormSchema>;

const maxEdge = 2000;

/** What a story says: the same story always gives the same hash, whatever the form's timing. */
function storyHash(form: StoryForm, photos: readonly (Uint8Array | undefined)[]): string {
  const hash = createHash('sha256').update(JSON.stringify([form.name, form.city, form.service, form.story]));
  for (const photo of photos) hash.update(photo ? createHash('sha256').update(photo).digest('hex') : '-');
  return hash.digest('hex');
}

async function checkedPhoto(file: File | undefined, label: string): Promise<Uint8Array | undefined> {
  if (!file || file.size === 0) return undefined;
  if (file.size > maxStoryPhotoBytes) throw new HttpError(413, `The ${label} photo is larger than 6 MB. Choose a smaller photo or a screenshot of it.`, { fields: { [`${label}Photo`]: 'Use a photo of at most 6 MB.' } });
  return new Uint8Array(await file.arrayBuffer());
}

export async function submitStory(form: StoryForm, { request, context, log }: { request: Request; context: Context | undefined; log: Logger }, env: Env = process.env): Promise<{ ok: true }> {
  const key = readIdempotencyKey(request);
  const address = clientAddress(request, context);
  const client = address ? clientHash(address, env.CLIENT_HASH_SECRET) : null;
  const policy = rateLimitFor(env, log);
  const now = new Date();
  await refuseOverRateLimit('stories', client, policy, now);
  const raw = [await checkedPhoto(form.beforePhoto, 'before'), await checkedPhoto(form.afterPhoto, 'after')] as const;
  const hash = storyHash(form, raw);
  if (key) {
    const earlier = await withDb((db) => db.selectFrom('success_stories').select('request_hash').where('idempotency_key', '=', key).executeTakeFirst());
    if (earlier) {
      if (earlier.request_hash !== hash) throw new HttpError(422, keyReusedText);
      return { ok: true };
    }
  }
  const spam = spamReason(form, now);
  const photos: (ReencodedImage & { id: string })[] = [];
  const store = imageStore(env, 'stories');
  const slots: (ReencodedImage & { id: string } | undefined)[] = [];
  try {
    for (const bytes of raw) {
      if (!bytes) { slots.push(undefined); continue; }
      const image = await reencodeImage(bytes, maxEdge, 'photo');
      const stored = { ...image, id: randomBytes(16).toString('hex') };
      await store.put(stored.id, image.data);
      photos.push(stored);
      slots.push(stored);
    }
    const [before, after] = slots;
    const inserted = await withDb((db) => db.insertInto('success_stories').values({
      status: spam ? 'spam' : 'pending', spam_reason: spam ?? null, name: form.name, city: form.city, service: form.service, story: form.story, consent_at: now,
      before_photo: before?.id ?? null, before_width: before?.width ?? null, before_height: before?.height ?? null,
      after_photo: after?.id ?? null, after_width: after?.width ?? null, after_height: after?.height ?? null,
      idempotency_key: key ?? null, request_hash: hash, client_hash: client, created_at: now, updated_at: now,
    }).onConflict((oc) => oc.column('idempotency_key').doNothing()).returning(['id', 'status']).executeTakeFirst());
    if (!inserted) {
      // The same key was stored meanwhile by a concurrent retry.
      await Promise.all(photos.map((p) => store.delete(p.id).catch(() => undefined)));
      return { ok: true };
    }
    log.info('success story stored', { storyId: inserted.id, status: inserted.status });
    return { ok: true };
  } catch (error) {
    // Photos without their story would never be shown or cleaned up.
    await Promise.all(photos.map((p) => store.delete(p.id).catch(() => undefined)));
    throw error;
  }
}
