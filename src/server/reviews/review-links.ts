/** Build-time read of the review links every customer is offered on /request-review (review settings). */
import { withDb } from '../db/connect';
import { reviewSettings } from '../services/review-settings';

export interface ReviewLink {
  site: 'Google' | 'Facebook' | 'Yelp';
  url: string;
}

/** The links that are set, in a fixed order; the same list for every visitor. */
export async function loadReviewLinks(): Promise<ReviewLink[]> {
  const { links } = await withDb((db) => reviewSettings(db));
  const all: [ReviewLink['site'], string | null][] = [['Google', links.google], ['Facebook', links.facebook], ['Yelp', links.yelp]];
  return all.flatMap(([site, url]) => (url && /^https:\/\//.test(url) ? [{ site, url }] : []));
}
