/** /admin/review-requests' state: the request list (server-sorted and filtered), settings and figures, and staff actions. */
import { atom } from 'nanostores';
import {
  adminReviewRequestListContract, adminReviewRequestResendContract, adminReviewRequestStopContract, adminReviewRequestSummaryContract, adminReviewSettingsContract,
  type ReviewRequestRow,
} from '../../lib/api/admin/review-requests.contract';
import { callContract } from '../../lib/api/client';
import type { QueryOf, ReadOf, RequestOf } from '../../lib/api/contract';
import { handleAdminError } from './session.store';

export type ReviewRequestQuery = QueryOf<typeof adminReviewRequestListContract>;
export type ReviewSettingsInput = RequestOf<typeof adminReviewSettingsContract>;
export const $reviewRequestQuery = atom<ReviewRequestQuery>({ page: 1, pageSize: 25, sort: 'created_at', dir: 'desc' });
export const $reviewRequests = atom<{ status: 'loading' | 'ready' | 'error'; data?: ReadOf<typeof adminReviewRequestListContract>; message: string }>({ status: 'loading', message: '' });
export const $reviewSummary = atom<ReadOf<typeof adminReviewRequestSummaryContract> | null>(null);
/** What the last action said, for the live region. */
export const $reviewRequestNotice = atom('');

export async function loadReviewRequests(): Promise<void> {
  $reviewRequests.set({ ...$reviewRequests.get(), status: 'loading' });
  try {
    $reviewRequests.set({ status: 'ready', data: await callContract(adminReviewRequestListContract, $reviewRequestQuery.get()), message: '' });
  } catch (error) {
    $reviewRequests.set({ status: 'error', message: handleAdminError(error) });
  }
}

export async function loadReviewSummary(): Promise<void> {
  try {
    $reviewSummary.set(await callContract(adminReviewRequestSummaryContract, undefined as never));
  } catch (error) {
    $reviewRequestNotice.set(handleAdminError(error));
  }
}

export function setReviewRequestQuery(change: Partial<ReviewRequestQuery>): void {
  $reviewRequestQuery.set({ ...$reviewRequestQuery.get(), page: 1, ...change });
  void loadReviewRequests();
}

export function showReviewRequestPage(page: number): void {
  $reviewRequestQuery.set({ ...$reviewRequestQuery.get(), page });
  void loadReviewRequests();
}

function replaceRow(next: ReviewRequestRow): void {
  const data = $reviewRequests.get().data;
  if (data) $reviewRequests.set({ ...$reviewRequests.get(), data: { ...data, rows: data.rows.map((r) => (r.id === next.id ? next : r)) } });
}

/** Stops or resends one request; answers the error sentence, or null when it worked. */
export async function actOnReviewRequest(row: ReviewRequestRow, action: 'stop' | 'resend'): Promise<string | null> {
  try {
    const contract = action === 'stop' ? adminReviewRequestStopContract : adminReviewRequestResendContract;
    const next = await callContract(contract, undefined as never, undefined, { id: row.id });
    replaceRow(next);
    $reviewRequestNotice.set(action === 'stop' ? `Review request to ${next.customer.name} stopped.` : `Review request email to ${next.customer.name} ${row.step === 0 ? 'sent' : 'sent again'}.`);
    void loadReviewSummary();
    return null;
  } catch (error) {
    const message = handleAdminError(error);
    $reviewRequestNotice.set(message);
    return message;
  }
}

/** Saves the settings; answers the error (with field messages), or null when it worked. */
export async function saveReviewSettings(input: ReviewSettingsInput): Promise<string | null> {
  // The contract's own sentence for the first problem ("Enter the full Google review address …").
  const checked = adminReviewSettingsContract.request.safeParse(input);
  if (!checked.success) return checked.error.issues[0]?.message ?? 'Check the settings and try again.';
  try {
    const settings = await callContract(adminReviewSettingsContract, input);
    const summary = $reviewSummary.get();
    if (summary) $reviewSummary.set({ ...summary, settings });
    $reviewRequestNotice.set('Review request settings saved.');
    return null;
  } catch (error) {
    return handleAdminError(error);
  }
}
