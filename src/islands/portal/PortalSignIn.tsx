/** Portal sign-in: email, then the 6-digit code (paste and autofill work; WCAG 2.2 3.3.8), or the emailed link. */
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { inputClass } from '../shared/FormFields';
import { requestCode, signInWithCode, startOver, type PortalState } from './portal.store';

/** `textCodes`: offer "Text me a code" too (Twilio configured, or a local run that writes texts as files). */
export default function PortalSignIn({ state, textCodes = false }: { state: PortalState; textCodes?: boolean }) {
  const id = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (state.stage === 'code' && !state.code) codeRef.current?.focus();
  }, [state.stage, state.code]);

  const onEmail = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const by = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('data-code-by') === 'sms' ? 'sms' : 'email';
    void requestCode(String(new FormData(event.currentTarget).get('email') ?? ''), by);
  };
  const onCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void signInWithCode(String(new FormData(event.currentTarget).get('code') ?? ''));
  };
  const message = state.message ? `${id}-message` : undefined;

  return (
    <section className="card max-w-xl p-6" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-2xl font-extrabold">Sign in</h2>
      {state.stage === 'email' ? (
        // Keys keep React from reusing one stage's buttons in the other: a clicked "Use another email"
        // button turned into the "Text a code" submit button would submit the new form.
        <form key="email" onSubmit={onEmail} noValidate aria-describedby={message} className="mt-3">
          <p className="text-muted">Enter the email address you gave us when you booked or bought. We will email you a link and a 6-digit code{textCodes ? ', or text the code to the mobile number we have for you' : ''}: no password needed.</p>
          <label htmlFor={`${id}-email`} className="mt-4 block font-semibold">Email</label>
          <input id={`${id}-email`} name="email" type="email" autoComplete="email" required defaultValue={state.email} aria-invalid={state.tone === 'error' || undefined} className={inputClass} />
          <button type="submit" className="btn btn-primary mt-4 w-full" disabled={state.busy} aria-busy={state.busy || undefined}>{state.busy ? 'Sending…' : 'Email me a sign-in link and code'}</button>
          {textCodes && (
            <button type="submit" data-code-by="sms" className="btn btn-outline mt-3 w-full" disabled={state.busy}>Text a code to my mobile number on file</button>
          )}
        </form>
      ) : (
        <form key="code" onSubmit={onCode} noValidate aria-describedby={message} className="mt-3">
          <p className="text-sm text-muted">Signing in as <span className="font-semibold text-ink">{state.email}</span></p>
          <label htmlFor={`${id}-code`} className="mt-3 block font-semibold">6-digit code from the {state.codeBy === 'sms' ? 'text message' : 'email'}</label>
          <input ref={codeRef} id={`${id}-code`} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={7} required defaultValue={state.code}
            aria-invalid={state.tone === 'error' || undefined} className={`${inputClass} text-lg tracking-widest`} />
          <button type="submit" className="btn btn-primary mt-4 w-full" disabled={state.busy} aria-busy={state.busy || undefined}>{state.busy ? 'Signing in…' : 'Sign in'}</button>
          <button type="button" className="mt-3 text-sm font-semibold text-brand-700 underline" onClick={startOver}>Use another email or get a new code</button>
        </form>
      )}
      <p id={`${id}-message`} role={state.tone === 'error' ? 'alert' : 'status'} className={state.tone === 'error' ? 'mt-4 font-semibold text-call-700' : 'mt-4 text-muted'}>{state.message}</p>
    </section>
  );
}
