/**
 * The scheduler as an accessible modal dialog (native <dialog>: the page behind is inert, focus
 * stays inside, Escape closes, focus returns to what opened it). It shows "opening…" while the
 * third-party widget loads, SPEC §8's alert when it cannot, or the built-in booking form.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import BookingForm from './BookingForm';
import { OfficePhones } from '../shared/FormFields';
import { officePhoneList, type OfficePhone } from '../shared/office-phones';
import { $schedulerDialog, closeScheduler, showScheduler } from './scheduler-dialog.store';

/** SPEC §8. */
export const schedulerUnavailableText = 'Online scheduler is temporarily unavailable. Please call us directly:';

export default function SchedulerDialog({ returnFocus }: { returnFocus: () => HTMLElement | null }) {
  const { open, mode, source } = useStore($schedulerDialog);
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [phones, setPhones] = useState<OfficePhone[]>([]);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      setPhones(officePhoneList());
      el.showModal();
    } else if (!open && el.open) {
      el.close();
    }
  }, [open]);

  useEffect(() => {
    // Each new step takes focus to its heading, so a screen reader hears where it is.
    if (open) heading.current?.focus();
  }, [open, mode]);

  // The native modal makes the page inert, but Tab would still leave for the browser's own UI:
  // wrap from the last control to the first and back, so focus stays in the dialog.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]')]
      .filter((el) => el.offsetParent !== null || el === document.activeElement);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !dialog.current.contains(active) || active === heading.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onClosed = () => {
    if ($schedulerDialog.get().open) closeScheduler();
    returnFocus()?.focus();
  };

  const title = mode === 'booking' ? 'Request a visit' : 'Schedule service';
  return (
    <dialog
      ref={dialog}
      aria-labelledby="scheduler-title"
      className="m-auto max-h-[92dvh] w-[min(44rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60"
      onClose={onClosed}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === dialog.current) closeScheduler();
      }}
      data-scheduler-dialog
    >
      <div className="p-5 sm:p-7">
        <div className="flex items-start justify-between gap-4">
          <h2 id="scheduler-title" ref={heading} tabIndex={-1} className="text-2xl font-extrabold outline-none">{title}</h2>
          <button type="button" className="btn btn-outline h-10 min-h-0 px-3" onClick={closeScheduler} aria-label="Close scheduler">
            <span aria-hidden="true" className="text-xl leading-none">×</span>
          </button>
        </div>

        {mode === 'loading' && (
          <p role="status" className="mt-4 text-muted">Opening the online scheduler…</p>
        )}

        {mode === 'unavailable' && (
          <div className="mt-4">
            <div role="alert" className="rounded-lg border-2 border-call-700 p-4" data-scheduler-unavailable>
              <p className="font-bold">{schedulerUnavailableText}</p>
              <OfficePhones phones={phones} />
              <p className="mt-2 text-sm">Or refresh the page and click Schedule Service again.</p>
            </div>
            <p className="mt-4">You can also send us a booking request here, and we will call you to confirm it.</p>
            <button type="button" className="btn btn-primary mt-3" onClick={() => showScheduler('booking')}>Request a visit instead</button>
          </div>
        )}

        {mode === 'booking' && (
          <div className="mt-2">
            <BookingForm pageContext={`Scheduler (${source}) on ${location.pathname}`} titleId="scheduler-title" onClose={closeScheduler} />
          </div>
        )}
      </div>
    </dialog>
  );
}
