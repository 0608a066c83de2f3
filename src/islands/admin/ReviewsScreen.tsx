/**
 * /admin/reviews: every review, waiting ones first, filtered by status and sorted. Staff read the
 * review with its photos, approve, reject or mark it as spam (or put it back to waiting), write or
 * edit the public reply, and feature an approved review (shown first in the reviews blocks). An
 * approved review reaches the static pages' rating after the next publish (the panel below).
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useId, useState } from 'react';
import { adminReviewListContract, adminReviewUpdateContract, replyMaxLength, reviewSorts, type AdminReviewRow, type reviewStatuses } from '../../lib/api/admin/reviews.contract';
import { callContract } from '../../lib/api/client';
import { reviewServices } from '../../lib/api/leave-review.contract';
import PublishingPanel, { when } from './PublishingPanel';
import { loadPublishing } from './publishing.store';
import { $staff, handleAdminError, loadStaff } from './session.store';

type Status = (typeof reviewStatuses)[number];
type Filter = Status | 'all';
type Sort = (typeof reviewSorts)[number];

const $reviews = atom<{ status: 'loading' | 'ready' | 'error'; rows: AdminReviewRow[]; counts: Partial<Record<Status, number>>; message: string }>({ status: 'loading', rows: [], counts: {}, message: '' });
const $filter = atom<Filter>('pending');
const $sort = atom<Sort>('newest');
const $notice = atom<{ tone: 'info' | 'error'; text: string }>({ tone: 'info', text: '' });

async function loadReviews(): Promise<void> {
  try {
    const answer = await callContract(adminReviewListContract, { status: $filter.get(), sort: $sort.get() });
    $reviews.set({ status: 'ready', rows: answer.reviews, counts: answer.counts, message: '' });
  } catch (error) {
    $reviews.set({ ...$reviews.get(), status: 'error', message: handleAdminError(error) });
  }
}

async function change(id: number, body: { status?: Status; featured?: boolean; reply?: string }, done: string): Promise<string | undefined> {
  try {
    await callContract(adminReviewUpdateContract, body, undefined, { id });
    $notice.set({ tone: 'info', text: done });
    void loadReviews();
    void loadPublishing();
    return undefined;
  } catch (error) {
    const text = handleAdminError(error);
    $notice.set({ tone: 'error', text });
    return text;
  }
}

const statusLabels: Record<Status, string> = { pending: 'Waiting', approved: 'Approved', rejected: 'Rejected', spam: 'Spam' };
const statusTone: Record<Status, string> = { pending: 'bg-amber-100 text-amber-900', approved: 'bg-green-100 text-green-900', rejected: 'bg-red-100 text-red-900', spam: 'bg-line text-ink' };
const serviceName = (id: string | null) => (id ? reviewServices.find((s) => s.id === id)?.label ?? id : null);

function ReviewCard({ review }: { review: AdminReviewRow }) {
  const id = useId();
  const [reply, setReply] = useState(review.reply?.text ?? '');
  // The card stays mounted across reloads of the list (typing is kept); a saved reply replaces the draft.
  useEffect(() => setReply(review.reply?.text ?? ''), [review.reply?.text, review.reply?.at]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const who = review.authorName;
  const run = async (body: Parameters<typeof change>[1], done: string) => {
    setBusy(true);
    setError((await change(review.id, body, done)) ?? '');
    setBusy(false);
  };
  const moveTo = (status: Status, done: string) => <button type="button" className="btn btn-outline px-3 text-sm" disabled={busy} onClick={() => void run({ status }, done)}>{{ pending: 'Put back to waiting', approved: 'Approve', rejected: 'Reject', spam: 'Mark as spam' }[status]}</button>;
  return (
    <li className="card p-4">
      <article aria-labelledby={`${id}-heading`} className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={`${id}-heading`} className="text-lg font-bold">{review.rating} {review.rating === 1 ? 'star' : 'stars'} from {who}</h2>
          <span className={`rounded px-1.5 py-0.5 text-xs font-bold ${statusTone[review.status]}`}>{statusLabels[review.status]}</span>
          {review.featured && <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-bold text-brand-800">Featured</span>}
          {review.isDemo && <span className="rounded bg-surface px-1.5 py-0.5 text-xs font-bold text-muted ring-1 ring-line">Demo</span>}
        </div>
        <p className="text-sm text-muted">
          {review.sourceLabel} ({review.source}){review.viaRequest ? ', through a review request' : ''} · {when(review.createdAt)}
          {serviceName(review.service) ? ` · ${serviceName(review.service)}` : ''}
          {review.email ? ` · ${review.email} (private)` : ''}
          {review.spamReason ? ` · spam: ${review.spamReason}` : ''}
          {review.moderatedBy && review.moderatedAt ? ` · ${statusLabels[review.status]} by ${review.moderatedBy}, ${when(review.moderatedAt)}` : ''}
        </p>
        {!review.consentToPublish && <p className="text-sm font-semibold text-red-700">The customer did not agree to publish this review: it cannot be approved for the site.</p>}
        {review.title && <p className="font-bold">{review.title}</p>}
        <p className="whitespace-pre-line">{review.text || <span className="text-muted">(rating only, no text)</span>}</p>
        {review.photos.length > 0 && (
          <ul className="flex flex-wrap gap-3" aria-label={`Photos from ${who}`}>
            {review.photos.map((p, i) => (
              <li key={p.id}><a href={p.url} target="_blank" rel="noopener" className="block rounded"><img src={p.url} alt={`Photo ${i + 1} from ${who} (opens full size)`} width={p.width} height={p.height} className="h-28 w-auto rounded" loading="lazy" /></a></li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap gap-2">
          {review.status !== 'approved' && moveTo('approved', `Approved the review from ${who}. It appears on the site after the next publish.`)}
          {review.status !== 'rejected' && moveTo('rejected', `Rejected the review from ${who}.`)}
          {review.status !== 'spam' && moveTo('spam', `Marked the review from ${who} as spam.`)}
          {review.status !== 'pending' && moveTo('pending', `The review from ${who} waits again.`)}
          {review.status === 'approved' && (
            <button type="button" className={`btn ${review.featured ? 'btn-primary' : 'btn-outline'} px-3 text-sm`} aria-pressed={review.featured} disabled={busy} onClick={() => void run({ featured: !review.featured }, review.featured ? `The review from ${who} is no longer featured.` : `Featured the review from ${who}: it shows first after the next publish.`)}>
              Feature (shown first)
            </button>
          )}
        </div>
        <form
          className="space-y-2"
          aria-label={`Public reply to ${who}`}
          onSubmit={(e) => { e.preventDefault(); void run({ reply }, reply.trim() ? `Saved the reply to ${who}.` : `Removed the reply to ${who}.`); }}
        >
          <label htmlFor={`${id}-reply`} className="block font-bold">Public reply</label>
          <textarea id={`${id}-reply`} rows={3} maxLength={replyMaxLength} value={reply} onChange={(e) => setReply(e.target.value)} aria-describedby={`${id}-reply-hint`} className="w-full rounded-md border border-line px-3 py-2" />
          <p id={`${id}-reply-hint`} className="text-sm text-muted">Shown under the review on the site when it is approved. Leave it empty and save to remove it.{review.reply?.by ? ` Last written by ${review.reply.by}, ${when(review.reply.at)}.` : ''}</p>
          <button type="submit" className="btn btn-primary px-3 text-sm" disabled={busy}>Save reply</button>
        </form>
        {error && <p role="alert" className="text-sm font-semibold text-red-700">{error}</p>}
      </article>
    </li>
  );
}

export default function ReviewsScreen() {
  const staff = useStore($staff);
  const reviews = useStore($reviews);
  const filter = useStore($filter);
  const sort = useStore($sort);
  const notice = useStore($notice);
  const id = useId();
  useEffect(() => {
    void loadStaff().then(() => ($staff.get().status === 'signed-in' ? loadReviews() : undefined));
  }, []);
  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  const count = (s: Status) => (reviews.counts[s] === undefined ? '' : ` (${reviews.counts[s]})`);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-4">
        <div>
          <label htmlFor={`${id}-filter`} className="block text-sm font-bold">Show</label>
          <select id={`${id}-filter`} value={filter} onChange={(e) => { $filter.set(e.target.value as Filter); void loadReviews(); }} className="mt-1 rounded-md border border-line px-3 py-2">
            <option value="pending">Waiting for approval{count('pending')}</option>
            <option value="approved">Approved{count('approved')}</option>
            <option value="rejected">Rejected{count('rejected')}</option>
            <option value="spam">Spam{count('spam')}</option>
            <option value="all">All (waiting first)</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-sort`} className="block text-sm font-bold">Sort</label>
          <select id={`${id}-sort`} value={sort} onChange={(e) => { $sort.set(e.target.value as Sort); void loadReviews(); }} className="mt-1 rounded-md border border-line px-3 py-2">
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
            <option value="rating-high">Highest rating first</option>
            <option value="rating-low">Lowest rating first</option>
          </select>
        </div>
      </div>
      <p role={notice.tone === 'error' ? 'alert' : 'status'} className={notice.tone === 'error' ? 'font-semibold text-red-700' : 'text-sm'}>{notice.text}</p>
      {reviews.status === 'error' && <p role="alert" className="font-semibold text-red-700">{reviews.message}</p>}
      {reviews.status === 'loading' && <p aria-busy="true">Loading the reviews…</p>}
      <ul className="space-y-3" aria-label="Reviews">
        {reviews.rows.map((r) => <ReviewCard key={r.id} review={r} />)}
        {reviews.status === 'ready' && reviews.rows.length === 0 && <li className="text-muted">No reviews here.</li>}
      </ul>
      <PublishingPanel />
    </div>
  );
}
