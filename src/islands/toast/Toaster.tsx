/**
 * The toast region, top right: polite notices in a status region, errors in an alert region,
 * a close button on each, swipe right to dismiss, F8 to move focus here.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { $toasts, dismissToast, pauseToasts, resumeToasts, swipeThresholdPx, toastHotkey, type Toast } from './toast.store';

function ToastCard({ item }: { item: Toast }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<{ x: number; id: number } | null>(null);
  const destructive = item.variant === 'destructive';

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = { x: event.clientX, id: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current?.id !== event.pointerId) return;
    // Right only (SPEC §9); a drag to the left stays put.
    setOffset(Math.max(0, event.clientX - start.current.x));
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current?.id !== event.pointerId) return;
    const moved = event.clientX - start.current.x;
    start.current = null;
    if (moved > swipeThresholdPx) dismissToast(item.id);
    else setOffset(0);
  };

  return (
    <div
      data-toast
      data-variant={item.variant}
      className={`pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg select-none ${
        destructive ? 'border-call-700 bg-call-700 text-white' : 'border-line bg-white text-ink'
      }`}
      style={{ transform: offset ? `translateX(${offset}px)` : undefined, opacity: offset ? Math.max(0.3, 1 - offset / 200) : undefined, transition: offset ? 'none' : 'transform 150ms, opacity 150ms' }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <div className="min-w-0">
        <p className="font-bold">{item.title}</p>
        {item.description && <p className={`mt-1 text-sm ${destructive ? 'text-white' : 'text-muted'}`}>{item.description}</p>}
      </div>
      <button
        type="button"
        className={`absolute top-2 right-2 inline-flex h-8 w-8 items-center justify-center rounded-md text-lg leading-none ${destructive ? 'text-white hover:bg-white/15' : 'text-muted hover:bg-surface'}`}
        aria-label="Close notification"
        onClick={() => dismissToast(item.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

export default function Toaster() {
  const toasts = useStore($toasts).filter((t) => t.open);
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === toastHotkey) {
        event.preventDefault();
        region.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const polite = toasts.filter((t) => t.variant !== 'destructive');
  const urgent = toasts.filter((t) => t.variant === 'destructive');
  return (
    <section
      ref={region}
      aria-label={`Notifications (${toastHotkey})`}
      tabIndex={-1}
      data-toast-region
      className="pointer-events-none fixed top-0 right-0 z-[2147483000] flex w-full max-w-sm flex-col gap-2 p-4 outline-none focus-visible:outline-3 focus-visible:outline-cap-600"
      onPointerEnter={pauseToasts}
      onPointerLeave={resumeToasts}
      onFocus={pauseToasts}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resumeToasts();
      }}
    >
      <div role="status" aria-live="polite" aria-atomic="true" className="flex flex-col gap-2">
        {polite.map((t) => <ToastCard key={t.id} item={t} />)}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" className="flex flex-col gap-2">
        {urgent.map((t) => <ToastCard key={t.id} item={t} />)}
      </div>
    </section>
  );
}
