/** SPEC §2: the modal 'How was your experience?' with 1 to 5 stars, opened by End Chat. */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { $chatState, dismissRating, rateChat } from './chat.store';
import { ChatIcon } from './ChatIcon';

export function RatingDialog({ returnFocus }: { returnFocus: RefObject<HTMLElement | null> }) {
  const { ratingOpen } = useStore($chatState, { keys: ['ratingOpen'] });
  const dialog = useRef<HTMLDialogElement>(null);
  const [hovered, setHovered] = useState(0);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (ratingOpen && !element.open) element.showModal();
    if (!ratingOpen && element.open) {
      element.close();
      returnFocus.current?.focus();
    }
  }, [ratingOpen]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="chat-rating-title"
      aria-describedby="chat-rating-hint"
      data-chat-rating
      // Escape: let the store close it, so the store and the element agree.
      onCancel={(event) => {
        event.preventDefault();
        dismissRating();
      }}
      className="m-auto w-[min(22rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-ink shadow-2xl backdrop:bg-black/50"
    >
      <h2 id="chat-rating-title" className="text-xl font-bold">How was your experience?</h2>
      <p id="chat-rating-hint" className="mt-1 text-sm text-muted">Rate this chat from 1 to 5 stars.</p>
      <div className="mt-4 flex justify-center gap-1" role="group" aria-label="Rating" onMouseLeave={() => setHovered(0)}>
        {[1, 2, 3, 4, 5].map((stars) => (
          <button
            key={stars}
            type="button"
            aria-label={`${stars} ${stars === 1 ? 'star' : 'stars'}`}
            onMouseEnter={() => setHovered(stars)}
            onFocus={() => setHovered(stars)}
            onBlur={() => setHovered(0)}
            onClick={() => void rateChat(stars)}
            className="flex h-12 w-12 items-center justify-center rounded-lg text-star hover:bg-brand-50"
          >
            <ChatIcon name="star" className="h-8 w-8" filled={stars <= hovered} />
          </button>
        ))}
      </div>
      <div className="mt-4 flex justify-end">
        <button type="button" onClick={dismissRating} className="btn btn-outline min-h-10 px-4 py-2 text-sm">Not now</button>
      </div>
    </dialog>
  );
}
