/**
 * The reviews block (SPEC §4): three placeholder cards until the reviews arrive, then up to three
 * review cards; nothing at all when there are none. Loaded by `client:visible` within 200 px.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { company } from '../../business/company';
import type { Review } from '../../lib/api/reviews.contract';
import { displayAuthorName, ratingLabel, relativeTimeFrom, reviewsBlock, sourceLabel } from '../../lib/reviews';
import { $reviews, loadReviews } from './reviews.store';

interface Props {
  heading?: string;
  /** A service's `reviewCategory`; absent on the home page. */
  category?: string | undefined;
  headingId?: string;
}

// Cards and placeholders share one minimum height, tall enough for the longest clamped card, so the swap moves nothing.
const cardClass = 'card relative flex min-h-[20.5rem] flex-col p-6';

const starPath = 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1Z';

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex items-center gap-0.5 text-star">
      <span className="sr-only">{ratingLabel(rating)}</span>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false" fill={n <= rating ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round">
          <path d={starPath} />
        </svg>
      ))}
    </p>
  );
}

function Avatar({ review, name }: { review: Review; name: string }) {
  if (review.profilePhotoUrl) {
    return <img src={review.profilePhotoUrl} alt="" width={40} height={40} loading="lazy" decoding="async" referrerPolicy="no-referrer" className="h-10 w-10 shrink-0 rounded-full bg-brand-50 object-cover" />;
  }
  return (
    <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

function ReviewCard({ review }: { review: Review }) {
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const text = useRef<HTMLParagraphElement>(null);
  const textId = useId();
  const name = displayAuthorName(review.authorName);
  // Text is clamped to five lines; the button appears only when the clamp actually hides something.
  useEffect(() => {
    const element = text.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [expanded]);
  return (
    <li className={cardClass}>
      {review.isDemo && <p className="absolute top-5 right-5 rounded bg-surface px-2 py-0.5 text-xs font-semibold text-muted ring-1 ring-line">Demo review</p>}
      <figure className="flex flex-1 flex-col">
        <Stars rating={review.rating} />
        <blockquote className="mt-3 flex-1">
          {review.title && <p className="font-bold">{review.title}</p>}
          <p id={textId} ref={text} className={expanded ? undefined : 'line-clamp-5'}>{review.text}</p>
        </blockquote>
        {review.photos.length > 0 && (
          // A group, not a list: the block's cards are its only list items.
          <div role="group" className="mt-3 flex gap-2" aria-label={`Photos from ${name}`}>
            {review.photos.map((photo, i) => (
              <a key={photo.url} href={photo.url} target="_blank" rel="noopener" className="block rounded">
                <img src={photo.url} alt={`Photo ${i + 1} from ${name} (opens full size)`} width={56} height={56} loading="lazy" decoding="async" className="h-14 w-14 rounded object-cover" />
              </a>
            ))}
          </div>
        )}
        {(overflows || expanded) && (
          <button type="button" className="mt-2 self-start rounded font-semibold text-brand-700 underline underline-offset-2" aria-expanded={expanded} aria-controls={textId} onClick={() => setExpanded(!expanded)}>
            {expanded ? 'Show less' : 'Read the whole review'}
          </button>
        )}
        <figcaption className="mt-4 flex items-center gap-3">
          <Avatar review={review} name={name} />
          <span className="min-w-0">
            <span className="block font-bold">{name}</span>
            <span className="block text-sm text-muted">{sourceLabel(review.source)} · {review.relativeTime || relativeTimeFrom(review.timestamp)}</span>
          </span>
        </figcaption>
      </figure>
      {review.reply && (
        <div className="mt-4 rounded-md bg-surface p-3 text-sm" data-review-reply>
          <p className="font-bold">Reply from {company.name}</p>
          <p className="mt-1 whitespace-pre-line">{review.reply.text}</p>
        </div>
      )}
    </li>
  );
}

function Placeholders() {
  // Static in the built page: a pulse running before anyone scrolls here would restyle the page
  // every frame during load. It pulses once the island is live and fetching.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return (
    <div data-review-placeholders>
      <p role="status" className="sr-only">Loading reviews</p>
      <ul className="mt-8 grid gap-4 md:grid-cols-3" aria-hidden="true">
        {[0, 1, 2].map((n) => (
          <li key={n} className={live ? `${cardClass} motion-safe:animate-pulse` : cardClass}>
            <span className="h-5 w-28 rounded bg-line" />
            <span className="mt-5 h-4 w-full rounded bg-surface" />
            <span className="mt-3 h-4 w-11/12 rounded bg-surface" />
            <span className="mt-3 h-4 w-4/5 rounded bg-surface" />
            <span className="mt-auto flex items-center gap-3">
              <span className="h-10 w-10 rounded-full bg-line" />
              <span className="h-4 w-32 rounded bg-surface" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function ReviewsBlock({ heading = reviewsBlock.defaultHeading, category, headingId = 'reviews-heading' }: Props) {
  const state = useStore($reviews);
  useEffect(() => {
    void loadReviews({ category });
  }, [category]);

  if (state.status === 'empty') return null;
  return (
    <div data-reviews-block={state.status}>
      <h2 id={headingId} className="text-3xl font-extrabold">{heading}</h2>
      {state.status === 'loading' ? (
        <Placeholders />
      ) : (
        <ul className="mt-8 grid gap-4 md:grid-cols-3" aria-labelledby={headingId}>
          {state.reviews.map((review) => <ReviewCard key={review.id} review={review} />)}
        </ul>
      )}
    </div>
  );
}
