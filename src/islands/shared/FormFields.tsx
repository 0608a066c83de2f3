/**
 * Labelled form controls shared by the estimate and booking forms: each has a visible label, its
 * error linked with aria-describedby and aria-invalid, and keeps focus styles visible.
 */
import type { ReactNode, Ref } from 'react';

export const inputClass =
  'mt-1 block w-full rounded-lg border border-muted bg-white px-3 py-2.5 text-base text-ink placeholder:text-muted aria-[invalid=true]:border-call-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-call-700 disabled:bg-surface';

interface Common {
  id: string;
  label: string;
  error?: string | undefined;
  /** Ids of extra descriptions (a counter, a hint). */
  describedBy?: string | undefined;
  required?: boolean;
  className?: string;
}

const describe = (id: string, error: string | undefined, more: string | undefined) =>
  [error ? `${id}-error` : undefined, more].filter(Boolean).join(' ') || undefined;

export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-call-700">{error}</p> : null;
}

export function TextField({ id, label, error, describedBy, required, className, value, onChange, type = 'text', autoComplete, inputMode, maxLength }: Common & {
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'tel' | 'email';
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'numeric';
  maxLength?: number;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold">{label}</label>
      <input
        id={id}
        name={id.split('-').pop()}
        type={type}
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describe(id, error, describedBy)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

export function SelectField({ id, label, error, describedBy, required, className, value, onChange, placeholder, children }: Common & {
  value: string;
  onChange(value: string): void;
  placeholder: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold">{label}</label>
      <select
        id={id}
        name={id.split('-').pop()}
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describe(id, error, describedBy)}
      >
        <option value="">{placeholder}</option>
        {children}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A textarea with SPEC's live counter 'n/500 characters'. */
export function MessageField({ id, label, error, className, value, onChange, maxLength, hint }: Common & {
  value: string;
  onChange(value: string): void;
  maxLength: number;
  hint?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold">{label}</label>
      {hint && <p id={`${id}-hint`} className="text-sm text-muted">{hint}</p>}
      <textarea
        id={id}
        name={id.split('-').pop()}
        className={`${inputClass} min-h-28`}
        rows={4}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describe(id, error, [hint ? `${id}-hint` : '', `${id}-count`].filter(Boolean).join(' '))}
      />
      <div className="mt-1 flex justify-between gap-3">
        <FieldError id={id} error={error} />
        <p id={`${id}-count`} className="ml-auto text-sm text-muted" data-counter>{value.length}/{maxLength} characters</p>
      </div>
    </div>
  );
}

/** The hidden spam trap (SPEC §5): people never see or reach it; simple bots fill it in. */
export function SpamTrap({ id, value, onChange }: { id: string; value: string; onChange(value: string): void }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Website (leave blank)</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** Call links for both offices, using the numbers the page shows (tracking numbers included). */
export function OfficePhones({ phones }: { phones: { label: string; display: string; tel: string }[] }) {
  return (
    <ul className="mt-2 space-y-1">
      {phones.map((p) => (
        <li key={p.label}>
          {p.label}: <a className="font-bold underline" href={p.tel}>{p.display}</a>
        </li>
      ))}
    </ul>
  );
}

/**
 * What a lead form shows when its request was not sent: the reason, that nothing typed is lost,
 * Retry and the office numbers. `announce` makes it an alert (the estimate form announces through
 * its notice instead).
 */
export function SubmissionFailure({ failure, onRetry, retrying, retryRef, phones, announce = false, ...data }: {
  failure: string;
  onRetry: () => void;
  retrying: boolean;
  retryRef: Ref<HTMLButtonElement>;
  phones: { label: string; display: string; tel: string }[];
  announce?: boolean;
  [dataAttribute: `data-${string}`]: boolean;
}) {
  return (
    <div className="mt-4 rounded-lg border-2 border-call-700 bg-white p-4" role={announce ? 'alert' : undefined} {...data}>
      <p className="font-bold text-call-700">Your request was not sent.</p>
      <p className="mt-1 text-sm">{failure} What you typed is still here.</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button ref={retryRef} type="button" className="btn btn-primary" onClick={onRetry} disabled={retrying}>Retry</button>
        <span className="text-sm">or call us:</span>
      </div>
      <OfficePhones phones={phones} />
    </div>
  );
}
