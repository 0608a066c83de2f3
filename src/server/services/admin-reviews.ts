/**
 * Staff moderating reviews (/admin/reviews): approve (the review then appears in the reviews blocks
 * and counts toward the computed rating), reject, mark as spam, put back to waiting, reply publicly,
 * feature (shown first). Every change is audited in its transaction; a change to what the public
 * pages show (anything touching an approved review) records a publish request.
 */
import type { Kysely } from 'kysely';
import type { AdminReviewRow, adminReviewUpdateContract, reviewSorts } from '../../lib/api/admin/reviews.contract';
import type { RequestOf } from '../../lib/api/contract';
import { isFirstPartySource, sourceLabel } from '../../lib/reviews';
import type { Database } from '../db/database';
import type { ReviewRow, ReviewStatus } from '../db/tables/review.table';
import { reviewStatuses } from '../db/tables/review.table';
import { appError } from '../http/errors';
import { HttpError } from '../http/response';
import { recordAudit } from '../repositories/audit.repository';
import { imageStore, validImageId } from '../uploads/image-store';
import { requestPublish } from './publishing';

interface Actor { email: string; requestId: string }
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function adminReviewView(row: ReviewRow): AdminReviewRow {
  return {
    id: row.id, status: row.status, spamReason: row.spam_reason, rating: row.rating, title: row.title, text: row.text, authorName: row.author_name,
    email: row.email, source: row.source, sourceLabel: sourceLabel(row.source), service: row.service, consentToPublish: row.consent_to_publish,
    photos: (row.photos ?? []).map((p) => ({ ...p, url: `/api/admin/reviews/photos/${p.id}` })),
    reply: row.reply_text && row.reply_at ? { text: row.reply_text, by: row.reply_by, at: iso(row.reply_at)! } : null,
    featured: row.featured, viaRequest: row.review_request_id !== null, isDemo: row.is_demo,
    createdAt: iso(row.created_at)!, moderatedBy: row.moderated_by, moderatedAt: iso(row.moderated_at),
  };
}

/** What the audit log keeps: no reviewer email, the texts by length. */
const audited = (row: ReviewRow) => ({
  status: row.status, featured: row.featured, rating: row.rating, source: row.source, authorName: row.author_name,
  replyLength: row.reply_text?.length ?? 0, textLength: row.text.length,
});

export async function listAdminReviews(db: Kysely<Database>, options: { status?: ReviewStatus | 'all' | undefined; sort?: (typeof reviewSorts)[number] | undefined }) {
  const status = options.status ?? 'all';
  let query = db.selectFrom('reviews').selectAll();
  if (status !== 'all') query = query.where('status', '=', status);
  // Waiting reviews come first in every list, then the chosen order.
  query = query.orderBy((eb) => eb.case().when('status', '=', 'pending').then(0).else(1).end());
  switch (options.sort ?? 'newest') {
    case 'newest': query = query.orderBy('created_at', 'desc').orderBy('timestamp', 'desc'); break;
    case 'oldest': query = query.orderBy('created_at', 'asc').orderBy('timestamp', 'asc'); break;
    case 'rating-high': query = query.orderBy('rating', 'desc').orderBy('created_at', 'desc'); break;
    case 'rating-low': query = query.orderBy('rating', 'asc').orderBy('created_at', 'desc'); break;
  }
  const rows = await query.orderBy('id', 'desc').limit(500).execute();
  const countRows = await db.selectFrom('reviews').select((eb) => ['status', eb.fn.countAll<string>().as('n')]).groupBy('status').execute();
  const counts = Object.fromEntries(reviewStatuses.map((s) => [s, Number(countRows.find((r) => r.status === s)?.n ?? 0)])) as Record<ReviewStatus, number>;
  return { reviews: rows.map(adminReviewView), counts };
}

const statusVerb: Record<ReviewStatus, string> = { pending: 'put back to waiting', approved: 'approved', rejected: 'rejected', spam: 'marked as spam' };

export async function updateAdminReview(db: Kysely<Database>, id: number, input: RequestOf<typeof adminReviewUpdateContract>, actor: Actor): Promise<AdminReviewRow> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('reviews').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!current) throw appError('NotFound');
    const status = input.status ?? current.status;
    if (status === 'approved' && current.status !== 'approved' && isFirstPartySource(current.source) && !current.consent_to_publish) {
      throw new HttpError(409, 'This customer did not agree to publish their review, so it cannot be approved for the site. Reject it to close it, or ask the customer if they would like it published.');
    }
    if (input.featured === true && status !== 'approved') throw new HttpError(409, 'Only an approved review can be featured. Approve it first, then feature it.');
    const now = new Date();
    const statusChanged = status !== current.status;
    const reply = input.reply === undefined ? undefined : input.reply.trim();
    const row = await trx.updateTable('reviews').set({
      status,
      // A review that leaves the site is no longer featured.
      featured: status === 'approved' ? (input.featured ?? current.featured) : false,
      ...(reply === undefined ? {} : reply === '' ? { reply_text: null, reply_by: null, reply_at: null } : reply === current.reply_text ? {} : { reply_text: reply, reply_by: actor.email, reply_at: now }),
      ...(statusChanged ? { moderated_by: actor.email, moderated_at: now } : {}),
      updated_at: now,
    }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    const changes: string[] = [];
    if (statusChanged) changes.push(`review.${status === 'pending' ? 'wait' : status === 'approved' ? 'approve' : status === 'rejected' ? 'reject' : 'spam'}`);
    if (row.featured !== current.featured) changes.push(row.featured ? 'review.feature' : 'review.unfeature');
    if ((row.reply_text ?? null) !== (current.reply_text ?? null)) changes.push(row.reply_text ? 'review.reply' : 'review.reply-remove');
    if (changes.length === 0) return adminReviewView(row);
    await recordAudit(trx, { actor: actor.email, action: changes.join('+').slice(0, 80), entity: 'review', entityId: id, before: audited(current), after: audited(row), requestId: actor.requestId });
    if (current.status === 'approved' || row.status === 'approved') {
      const what = statusChanged ? statusVerb[row.status] : changes.includes('review.feature') ? 'featured' : changes.includes('review.unfeature') ? 'no longer featured' : 'reply changed';
      await requestPublish(trx, { kind: 'review', label: `Review ${what}: ${row.rating} stars from ${row.author_name}`, by: actor.email });
    }
    return adminReviewView(row);
  });
}

export async function loadReviewPhoto(id: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!validImageId.test(id)) return undefined;
  return imageStore(process.env, 'reviews').get(id);
}
