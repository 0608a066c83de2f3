/**
 * Reviews customers leave on our site (/leave-review, and /leave-review/{token} from a review
 * request), with the lead form's rules: a client sending more than 5 in 10 minutes gets a 429
 * (counted before anything else, in its own statement); a repeated Idempotency-Key gets the first
 * answer without storing the review twice; spam (the trap filled, or sent under 3 s after the form
 * opened) is stored as spam and never shown or announced. Photos are checked like chat photos and
 * re-encoded before they are kept. Every review waits for staff (/admin/reviews), who are told by
 * an email through the outbox, written in the same transaction as the review.
 *
 * A review through a request's link is stored with source `email_link` and ends that request; one
 * without a link whose email matches a waiting request ends that request too (reason 'review').
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from '@netlify/functions';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { services } from '../../business/services';
import { maxReviewPhotoBytes, reviewPhotoFields, reviewServices, type reviewFormSchema } from '../../lib/api/leave-review.contract';
import type { Env } from '../db/connect';
import { withDb } from '../db/connect';
import type { Database } from '../db/database';
import type { ReviewPhoto } from '../db/tables/review.table';
import { clientAddress } from '../http/client-address';
import { readIdempotencyKey } from '../http/idempotency';
import { deliverSoon, keyReusedText, rateLimitFor, refuseOverRateLimit } from '../http/lead-submission';
import type { Logger } from '../http/logger';
import { HttpError } from '../http/response';
import type { OutboxEmail } from '../repositories/outbox.repository';
import { insertOutboxMessage } from '../repositories/outbox.repository';
import { findReviewRequestByToken, markReviewRequestOpened, markReviewRequestReviewed, stopReviewRequestsForEmail, type ReviewRequest } from '../repositories/review-request.repository';
import { imageStore } from '../uploads/image-store';
import { reencodeImage } from '../uploads/reencode-image';
import { clientHash } from './client-hash';
import { categorizeReviewText } from './google-reviews-sync.service';
import { spamReason } from './leads';
import { mayEmailStaff } from './staff-mail-cap';

type ReviewForm = z.output<typeof reviewFormSchema>;

const maxEdge = 2000;
/** The outbox topic of the staff email about a new review. */
export const newReviewTopic = 'staff-new-review';

/**
 * The site's service a job's service text names ("Drain cleaning", "drain-cleaning"), for the form's
 * pre-fill; null when none matches (the customer then chooses).
 */
export function serviceIdFor(jobService: string): string | null {
  const wanted = jobService.trim().toLowerCase();
  if (!wanted) return null;
  const exact = reviewServices.find((s) => s.id === wanted || s.label.toLowerCase() === wanted);
  if (exact) return exact.id;
  const loose = reviewServices.find((s) => wanted.includes(s.label.toLowerCase()) || s.label.toLowerCase().includes(wanted));
  return loose?.id ?? null;
}

/** A request's link can be used for one review: afterwards (or for an unknown token) the form is the open one. */
function usable(request: ReviewRequest | undefined): 'usable' | 'unknown' | 'used' {
  if (!request) return 'unknown';
  return request.status === 'reviewed' || request.review_id !== null ? 'used' : 'usable';
}

/** GET /api/leave-review?token=: the pre-fill for a request's link, recording the first opening. */
export async function lookupReviewRequest(db: Kysely<Database>, token: string, now = new Date()) {
  const request = await findReviewRequestByToken(db, token);
  const state = usable(request);
  if (state !== 'usable') return { found: false as const, reason: state };
  await markReviewRequestOpened(db, request!.id, now);
  return { found: true as const, name: request!.name, service: serviceIdFor(request!.service) };
}

/** What a review says: the same review always gives the same hash, whatever the form's timing. */
function reviewHash(form: ReviewForm, photos: readonly Uint8Array[]): string {
  const hash = createHash('sha256').update(JSON.stringify([form.rating, form.title ?? '', form.text, form.service, form.name, form.email ?? '', form.consent ?? '', form.token ?? '']));
  for (const photo of photos) hash.update(createHash('sha256').update(photo).digest('hex'));
  return hash.digest('hex');
}

async function checkedPhotos(form: ReviewForm): Promise<Uint8Array[]> {
  const photos: Uint8Array[] = [];
  for (const field of reviewPhotoFields) {
    const file = form[field];
    if (!file || file.size === 0) continue;
    if (file.size > maxReviewPhotoBytes) throw new HttpError(413, 'A photo is larger than 6 MB. Choose a smaller photo or a screenshot of it.', { fields: { [field]: 'Use a photo of at most 6 MB.' } });
    photos.push(new Uint8Array(await file.arrayBuffer()));
  }
  return photos;
}

const serviceTitle = (id: string | null) => services.find((s) => s.id === id)?.title ?? id ?? '';

/** The category the reviews blocks file it under: the service's, else what the text talks about. */
export function reviewCategoryFor(service: string, text: string): string {
  const byService = categorizeReviewText(serviceTitle(service));
  return byService !== 'general' ? byService : categorizeReviewText(text);
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** To the office: a review waits for moderation. The reviewer's email is for staff only. */
export function newReviewEmail(review: { rating: number; title: string | null; text: string; name: string; email: string | null; service: string; consent: boolean; photos: number; viaRequest: boolean }): OutboxEmail {
  const subject = `New ${review.rating}-star review from ${review.name}, waiting for approval`;
  const lines: [string, string][] = [
    ['Rating', `${review.rating} of 5`],
    ['Name', review.name],
    ['Email', review.email ?? 'not given'],
    ['Service', serviceTitle(review.service)],
    ['Came from', review.viaRequest ? 'a review request email' : 'the website'],
    ['May publish', review.consent ? 'yes' : 'no: the customer did not agree to publication'],
    ['Photos', String(review.photos)],
  ];
  const intro = 'A customer left a review on the website. Approve, reject or mark it as spam, and reply if you like, in /admin/reviews.';
  const text = [intro, '', ...lines.map(([k, v]) => `${k}: ${v}`), '', review.title ? `Title: ${review.title}` : '', review.text, ''].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<table>${lines.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
    review.title ? `<p><strong>${escapeHtml(review.title)}</strong></p>` : '',
    `<p>${escapeHtml(review.text)}</p>`,
  ].join('\n');
  return { to: 'staff', subject, text, html };
}

export async function submitReview(form: ReviewForm, { request, context, log }: { request: Request; context: Context | undefined; log: Logger }, env: Env = process.env): Promise<{ ok: true; viaRequest: boolean }> {
  const key = readIdempotencyKey(request);
  const address = clientAddress(request, context);
  const client = address ? clientHash(address, env.CLIENT_HASH_SECRET) : null;
  const policy = rateLimitFor(env, log);
  const now = new Date();
  await refuseOverRateLimit('reviews', client, policy, now);
  const raw = await checkedPhotos(form);
  const hash = reviewHash(form, raw);
  if (key) {
    const earlier = await withDb((db) => db.selectFrom('reviews').select(['request_hash', 'review_request_id']).where('idempotency_key', '=', key).executeTakeFirst());
    if (earlier) {
      if (earlier.request_hash !== hash) throw new HttpError(422, keyReusedText);
      return { ok: true, viaRequest: earlier.review_request_id !== null };
    }
  }
  const spam = spamReason(form, now);
  const store = imageStore(env, 'reviews');
  const photos: ReviewPhoto[] = [];
  const removePhotos = () => Promise.all(photos.map((p) => store.delete(p.id).catch(() => undefined)));
  try {
    // Every photo is checked before any is kept, so one bad photo refuses the review with nothing stored.
    const images = [];
    for (const bytes of raw) images.push(await reencodeImage(bytes, maxEdge, 'photo'));
    for (const image of images) {
      const id = randomBytes(16).toString('hex');
      await store.put(id, image.data);
      photos.push({ id, width: image.width, height: image.height });
    }
    const email = form.email?.trim() ? form.email.trim().toLowerCase() : null;
    // Counted in its own statement, so a submission that fails later still counts toward the cap.
    const emailStaff = !spam && (await withDb((db) => mayEmailStaff(db, client, now, env)));
    const outcome = await withDb((db) => db.transaction().execute(async (trx) => {
      const reviewRequest = form.token ? await findReviewRequestByToken(trx, form.token) : undefined;
      const viaRequest = !spam && usable(reviewRequest) === 'usable';
      const inserted = await trx.insertInto('reviews').values({
        rating: form.rating, title: form.title?.trim() ? form.title.trim() : null, text: form.text, author_name: form.name, profile_photo_url: null, relative_time: null,
        source: viaRequest ? 'email_link' : 'website', timestamp: Math.floor(now.getTime() / 1000), category: reviewCategoryFor(form.service, form.text), external_id: null,
        status: spam ? 'spam' : 'pending', spam_reason: spam ?? null, service: form.service, email, consent_to_publish: form.consent === 'yes',
        photos: JSON.stringify(photos), review_request_id: viaRequest ? reviewRequest!.id : null, client_hash: client, idempotency_key: key ?? null, request_hash: hash,
      }).onConflict((oc) => oc.column('idempotency_key').doNothing()).returning(['id']).executeTakeFirst();
      // The same key was stored meanwhile by a concurrent retry.
      if (!inserted) return { id: null, viaRequest, messageId: null };
      if (spam) return { id: inserted.id, viaRequest, messageId: null };
      if (viaRequest) await markReviewRequestReviewed(trx, reviewRequest!.id, inserted.id, now);
      else if (email) await stopReviewRequestsForEmail(trx, email, 'review', now);
      let messageId: number | null = null;
      if (emailStaff) {
        const payload = newReviewEmail({ rating: form.rating, title: form.title?.trim() || null, text: form.text, name: form.name, email, service: form.service, consent: form.consent === 'yes', photos: photos.length, viaRequest });
        messageId = (await insertOutboxMessage(trx, { topic: newReviewTopic, lead_id: null, payload })).id;
      }
      return { id: inserted.id, viaRequest, messageId };
    }));
    if (outcome.id === null) {
      await removePhotos();
      return { ok: true, viaRequest: outcome.viaRequest };
    }
    log.info('review stored', { reviewId: outcome.id, spam: spam ?? null, viaRequest: outcome.viaRequest, photos: photos.length });
    if (outcome.messageId !== null) await deliverSoon(outcome.messageId, context, log);
    return { ok: true, viaRequest: outcome.viaRequest };
  } catch (error) {
    // Photos without their review would never be shown or cleaned up.
    await removePhotos();
    throw error;
  }
}
