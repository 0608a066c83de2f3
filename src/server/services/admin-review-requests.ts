/**
 * Staff's review-request screen: the list, stopping a sequence, sending an email again, the settings
 * (audited; the public /request-review page shows the links, so saving them republishes the site) and
 * the figures.
 */
import type { Kysely } from 'kysely';
import type { adminReviewRequestListContract, adminReviewSettingsContract, ReviewRequestRow } from '../../lib/api/admin/review-requests.contract';
import type { QueryOf, RequestOf } from '../../lib/api/contract';
import { sourceLabel } from '../../lib/reviews';
import type { Database } from '../db/database';
import { appError } from '../http/errors';
import { HttpError } from '../http/response';
import { recordAudit } from '../repositories/audit.repository';
import { listReviewRequests, lockReviewRequestByPublicId, reviewRequestCounts, saveReviewSettings } from '../repositories/review-request.repository';
import { reviewFiguresBySource } from '../repositories/review.repository';
import { requestPublish } from './publishing';
import { queueReviewRequestEmail } from './review-request-emails';
import { mayGetReviewRequests, sendReviewStepNow, type SendOptions } from './review-requests';
import { reviewSettings } from './review-settings';

export interface Actor { email: string; requestId: string }

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

type Listed = Awaited<ReturnType<typeof listReviewRequests>>['rows'][number];

function requestView(row: Listed): ReviewRequestRow {
  return {
    id: row.public_id,
    customer: { id: row.customer_public_id, name: row.customer_name },
    email: row.email,
    service: row.service,
    jobId: row.job_public_id,
    jobCompletedAt: iso(row.job_completed_at),
    status: row.status,
    step: row.step,
    nextSendAt: iso(row.next_send_at),
    lastSentAt: iso(row.last_sent_at),
    stopReason: row.stop_reason,
    openedAt: iso(row.opened_at),
    createdAt: iso(row.created_at)!,
  };
}

async function viewOf(db: Kysely<Database>, publicId: string): Promise<ReviewRequestRow> {
  return requestView((await listReviewRequests(db, { publicId, sort: 'created_at', dir: 'desc', page: 1, pageSize: 1 })).rows[0]!);
}

export async function listReviewRequestsForStaff(db: Kysely<Database>, query: QueryOf<typeof adminReviewRequestListContract>) {
  const { total, rows } = await listReviewRequests(db, query);
  return { rows: rows.map(requestView), total, page: query.page, pageSize: query.pageSize };
}

export async function stopReviewRequestByStaff(db: Kysely<Database>, publicId: string, actor: Actor): Promise<ReviewRequestRow> {
  return db.transaction().execute(async (trx) => {
    const request = await lockReviewRequestByPublicId(trx, publicId);
    if (!request) throw appError('NotFound');
    if (request.status !== 'waiting') throw new HttpError(409, `This request is ${request.status} already, so there is nothing to stop. Reload the list to see it.`);
    const now = new Date();
    await trx.updateTable('review_requests').set({ status: 'stopped', stop_reason: 'staff', next_send_at: null, updated_at: now }).where('id', '=', request.id).execute();
    await recordAudit(trx, { actor: actor.email, action: 'review-request.stop', entity: 'review-request', entityId: publicId, before: { status: request.status, step: request.step }, after: { status: 'stopped' }, requestId: actor.requestId });
    return viewOf(trx, publicId);
  });
}

/**
 * Sends the next email now when none was sent yet, or the last one again. Refused after a review, and
 * when the address may not get review requests (opted out or suppressed). Returns the outbox message.
 */
export async function resendReviewRequestByStaff(db: Kysely<Database>, publicId: string, actor: Actor, options: Omit<SendOptions, 'now'>): Promise<{ view: ReviewRequestRow; messageId: number }> {
  return db.transaction().execute(async (trx) => {
    const request = await lockReviewRequestByPublicId(trx, publicId);
    if (!request) throw appError('NotFound');
    if (request.status === 'reviewed') throw new HttpError(409, 'This customer already left a review through this request, so nothing more is sent.');
    if (request.stop_reason && request.stop_reason !== 'staff' && request.stop_reason !== 'switched-off') {
      throw new HttpError(409, `This request stopped because the address ${request.stop_reason === 'unsubscribed' ? 'opted out of review requests' : 'cannot receive email (bounced or suppressed)'}; it cannot be sent again.`);
    }
    const allowed = await (options.mayEmail ?? mayGetReviewRequests)(trx, request.email);
    if (!allowed.ok) throw new HttpError(409, 'This address opted out of review requests or cannot receive email, so nothing was sent.');
    const now = new Date();
    const settings = await reviewSettings(trx);
    let messageId: number;
    if (request.step === 0) {
      messageId = await sendReviewStepNow(trx, request, settings, { ...options, now });
    } else {
      messageId = await queueReviewRequestEmail(trx, request, request.step, settings, options.siteUrl);
      await trx.updateTable('review_requests').set({ last_sent_at: now, updated_at: now }).where('id', '=', request.id).execute();
    }
    await recordAudit(trx, { actor: actor.email, action: 'review-request.resend', entity: 'review-request', entityId: publicId, after: { step: Math.max(1, request.step) }, requestId: actor.requestId });
    return { view: await viewOf(trx, publicId), messageId };
  });
}

export async function saveReviewSettingsByStaff(db: Kysely<Database>, input: RequestOf<typeof adminReviewSettingsContract>, actor: Actor) {
  return db.transaction().execute(async (trx) => {
    const before = await reviewSettings(trx);
    await saveReviewSettings(trx, input, actor.email, new Date());
    await recordAudit(trx, { actor: actor.email, action: 'review-settings.change', entity: 'review-settings', entityId: '1', before, after: input, requestId: actor.requestId });
    if (JSON.stringify(before.links) !== JSON.stringify(input.links)) await requestPublish(trx, { kind: 'review-settings', label: 'Review links changed', by: actor.email });
    return reviewSettings(trx);
  });
}

export async function reviewRequestSummary(db: Kysely<Database>) {
  const [settings, counts, sources] = await Promise.all([reviewSettings(db), reviewRequestCounts(db), reviewFiguresBySource(db)]);
  return {
    settings,
    figures: { ...counts, bySource: sources.map((s) => ({ source: s.source, label: sourceLabel(s.source), count: s.count, approved: s.approved, averageRating: s.count > 0 ? s.averageRating : null })) },
  };
}
