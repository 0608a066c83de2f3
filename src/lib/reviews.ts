/**
 * How reviews are chosen and shown (SPEC §3, §4, §9), shared by the reviews island in the browser
 * and by the build, which marks up the same reviews as structured data.
 */
import type { Review } from './api/reviews.contract';

/** SPEC §9: at most 3 reviews, minimum rating 4, fall back when fewer than 3, load within 200 px. */
export const reviewsBlock = {
  maxReviews: 3,
  defaultMinRating: 4,
  fallbackThreshold: 3,
  lazyLoadMargin: '200px',
  defaultHeading: 'What Our Customers Say',
  /** A filtered block shows a selection, so it is titled as featured, never as all reviews (DESIGN §7). */
  featuredHeading: 'Featured Customer Reviews',
} as const;

/** Sources of reviews written to us directly (our site, a review-request email): the only ones given Review markup. */
export const firstPartySources = ['website', 'custom_review', 'email_link'] as const;

const sourceLabels: Record<string, string> = {
  dataforseo: 'Google',
  google_places: 'Google',
  gmb_api: 'Google',
  facebook: 'Facebook',
  yelp: 'Yelp',
  custom_review: 'Verified Customer',
  email_link: 'Verified Customer',
  website: 'Verified Customer',
};

/** SPEC §3's source labels; anything unknown is just 'Review'. */
export function sourceLabel(source: string): string {
  return Object.hasOwn(sourceLabels, source) ? sourceLabels[source]! : 'Review';
}

export function isFirstPartySource(source: string): boolean {
  return (firstPartySources as readonly string[]).includes(source);
}

/** Google names reviewers who hide their name 'Anonymous'; SPEC §3 shows them as 'Google Customer'. */
export function displayAuthorName(authorName: string): string {
  const name = authorName.trim();
  return name === '' || name.toLowerCase() === 'anonymous' ? 'Google Customer' : name;
}

/** "Rated 4 out of 5", for screen readers beside the stars. */
export function ratingLabel(rating: number): string {
  return `Rated ${rating} out of 5`;
}

const units: [name: string, seconds: number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
];

/** "3 weeks ago" from a time in seconds since the epoch, for reviews whose provider gave no wording. */
export function relativeTimeFrom(timestampSeconds: number, nowMs: number = Date.now()): string {
  const age = Math.max(0, Math.floor(nowMs / 1000) - timestampSeconds);
  for (const [name, seconds] of units) {
    const count = Math.floor(age / seconds);
    if (count >= 1) return count === 1 ? `a ${name} ago` : `${count} ${name}s ago`;
  }
  return 'today';
}

export interface ReviewsQuery {
  category?: string;
  minRating?: number;
}

/**
 * SPEC §4's fallback: the category's reviews at the minimum rating; if fewer than 3, the minimum rating
 * only; if still fewer than 3, every review, highest rated first. A review staff featured comes first. At most 3 are returned; none means
 * the block shows nothing. `list` is GET /api/reviews in the browser and the repository at build time.
 */
export async function chooseReviews(
  list: (query: ReviewsQuery) => Promise<Review[]>,
  options: { category?: string | undefined; minRating?: number } = {},
): Promise<Review[]> {
  const { maxReviews, fallbackThreshold } = reviewsBlock;
  const minRating = options.minRating ?? reviewsBlock.defaultMinRating;
  if (options.category) {
    const inCategory = await list({ category: options.category, minRating });
    if (inCategory.length >= fallbackThreshold) return inCategory.slice(0, maxReviews);
  }
  const rated = await list({ minRating });
  if (rated.length >= fallbackThreshold) return rated.slice(0, maxReviews);
  const all = await list({});
  return [...all].sort((a, b) => Number(b.featured) - Number(a.featured) || b.rating - a.rating).slice(0, maxReviews);
}

/** The average and count of first-party reviews, or undefined when there are none: never a made-up figure. */
export function firstPartyRating(reviews: readonly Pick<Review, 'rating' | 'source'>[]): { ratingValue: number; reviewCount: number } | undefined {
  const own = reviews.filter((r) => isFirstPartySource(r.source));
  if (own.length === 0) return undefined;
  const average = own.reduce((sum, r) => sum + r.rating, 0) / own.length;
  return { ratingValue: Math.round(average * 10) / 10, reviewCount: own.length };
}
