/**
 * The reviews block's state: loading (placeholders) until GET /api/reviews answers through SPEC §4's
 * fallback, then the chosen reviews, or empty (the block renders nothing). A failed call counts as
 * empty: the page keeps its links to our review profiles.
 */
import { atom } from 'nanostores';
import type { Review } from '../../lib/api/reviews.contract';

export type ReviewsState = { status: 'loading' } | { status: 'ready'; reviews: Review[] } | { status: 'empty' };

export const $reviews = atom<ReviewsState>({ status: 'loading' });

let started: string | undefined;

/** Loads the block's reviews once per page (a second call with the same category does nothing). */
export async function loadReviews(options: { category?: string | undefined } = {}): Promise<void> {
  const key = options.category ?? '';
  if (started === key) return;
  started = key;
  $reviews.set({ status: 'loading' });
  try {
    const { fetchBlockReviews } = await import('./reviews.fetch');
    const reviews = await fetchBlockReviews(options.category);
    $reviews.set(reviews.length > 0 ? { status: 'ready', reviews } : { status: 'empty' });
  } catch (error) {
    console.warn('Reviews could not be loaded:', error instanceof Error ? error.message : error);
    $reviews.set({ status: 'empty' });
  }
}
