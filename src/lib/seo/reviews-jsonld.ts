/**
 * Review and AggregateRating structured data (DESIGN §7): only reviews written to us directly get
 * Review markup, and the only rating is one computed from stored reviews, never a written figure.
 */
import type { AggregateRating, Organization, Review as ReviewLd, Thing } from 'schema-dts';
import { company } from '../../business';
import type { Review } from '../api/reviews.contract';
import { displayAuthorName, isFirstPartySource } from '../reviews';

/** What the reviews are about: the company as a whole, not one office. */
export function reviewedCompany(site: string): Organization {
  const base = site.replace(/\/$/, '');
  return { '@type': 'Organization', '@id': `${base}/#organization`, name: company.name, url: `${base}/` };
}

export function reviewLd(site: string, review: Review): ReviewLd {
  return {
    '@type': 'Review',
    reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    author: { '@type': 'Person', name: displayAuthorName(review.authorName) },
    reviewBody: review.text,
    datePublished: new Date(review.timestamp * 1000).toISOString().slice(0, 10),
    itemReviewed: reviewedCompany(site),
  };
}

export function aggregateRatingLd(site: string, rating: { ratingValue: number; reviewCount: number }): AggregateRating {
  return { '@type': 'AggregateRating', ratingValue: rating.ratingValue, reviewCount: rating.reviewCount, bestRating: 5, worstRating: 1, itemReviewed: reviewedCompany(site) };
}

/** Review nodes for the first-party reviews given, plus the computed rating when asked for and known. */
export function reviewsJsonLd(site: string, data: { rating?: { ratingValue: number; reviewCount: number } | undefined; markedUp: readonly Review[] }, options: { aggregate: boolean }): Thing[] {
  const nodes: Thing[] = data.markedUp.filter((r) => isFirstPartySource(r.source)).map((r) => reviewLd(site, r));
  if (options.aggregate && data.rating) nodes.push(aggregateRatingLd(site, data.rating));
  return nodes;
}
