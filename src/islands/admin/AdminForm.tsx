/**
 * Form pieces the staff screens share: a labelled field with its hint or error (linked by
 * aria-describedby), the attributes that link them, and a dialog opened by a row's button whose form
 * closes it when it saves (Radix Dialog: focus trap, Escape, focus back on the button).
 */
import { Dialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';

export const fieldClass = 'mt-1 w-full rounded-md border border-line px-3 py-2';

export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: FieldError | { message?: string | undefined } | undefined; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block font-bold">{label}</label>
      {children}
      {error?.message ? <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">{error.message}</p> : hint ? <p id={`${id}-hint`} className="mt-1 text-sm text-muted">{hint}</p> : null}
    </div>
  );
}

export const described = (id: string, error: unknown, hint = false) => ({ 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined });

/** A dialog opened by a button; the form inside gets `close` and calls it when it saves. */
export function ActionDialog({ trigger, label, title, description, children, primary = false }: { trigger: string; label: string; title: string; description: string; children: (close: () => void) => ReactNode; primary?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className={primary ? 'btn btn-primary px-3' : 'btn btn-outline min-h-9 px-2.5 text-sm'} aria-label={label}>{trigger}</button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-extrabold">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">{description}</Dialog.Description>
          <div className="mt-3">{children(() => setOpen(false))}</div>
          <Dialog.Close asChild><button type="button" className="btn btn-outline mt-3 px-3 text-sm">Cancel</button></Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
