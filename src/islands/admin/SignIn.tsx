/** The staff sign-in form: email, then the 6-digit code (paste and autofill work; WCAG 2.2 3.3.8). */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { $signIn, requestCode, signInWithCode, signInWithGoogle, startSignIn, startOver } from './sign-in.store';

export default function SignIn({ google = false }: { google?: boolean }) {
  const state = useStore($signIn);
  const id = useId();
  const messageRef = useRef<HTMLParagraphElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => startSignIn(window.location.search), []);
  useEffect(() => {
    if (state.stage === 'code' && !state.code) codeRef.current?.focus();
  }, [state.stage, state.code]);

  const onEmail = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void requestCode(String(new FormData(event.currentTarget).get('email') ?? ''));
  };
  const onCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void signInWithCode(String(new FormData(event.currentTarget).get('code') ?? ''));
  };

  return (
    <div className="card p-6">
      {state.stage === 'email' ? (
        <form onSubmit={onEmail} noValidate aria-describedby={state.message ? `${id}-message` : undefined}>
          <label htmlFor={`${id}-email`} className="block font-semibold">Work email</label>
          <input id={`${id}-email`} name="email" type="email" autoComplete="email" required defaultValue={state.email} aria-invalid={state.tone === 'error' || undefined}
            className="mt-1 w-full rounded-md border border-line px-3 py-2 text-base" />
          <button type="submit" className="btn btn-primary mt-4 w-full" disabled={state.busy} aria-busy={state.busy || undefined}>{state.busy ? 'Sending…' : 'Email me a sign-in code'}</button>
          {google && <button type="button" className="btn btn-outline mt-3 w-full" disabled={state.busy} onClick={() => void signInWithGoogle()}>Sign in with Google</button>}
        </form>
      ) : (
        <form onSubmit={onCode} noValidate aria-describedby={state.message ? `${id}-message` : undefined}>
          <p className="text-sm text-muted">Signing in as <span className="font-semibold text-ink">{state.email}</span></p>
          <label htmlFor={`${id}-code`} className="mt-3 block font-semibold">6-digit code</label>
          <input ref={codeRef} id={`${id}-code`} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={7} required defaultValue={state.code} aria-invalid={state.tone === 'error' || undefined}
            className="mt-1 w-full rounded-md border border-line px-3 py-2 text-lg tracking-widest" />
          <button type="submit" className="btn btn-primary mt-4 w-full" disabled={state.busy} aria-busy={state.busy || undefined}>{state.busy ? 'Signing in…' : 'Sign in'}</button>
          <button type="button" className="mt-3 text-sm font-semibold text-brand-700 underline" onClick={startOver}>Use another email or get a new code</button>
        </form>
      )}
      <p id={`${id}-message`} ref={messageRef} role={state.tone === 'error' ? 'alert' : 'status'} className={state.tone === 'error' ? 'mt-4 font-semibold text-red-700' : 'mt-4 text-muted'}>{state.message}</p>
    </div>
  );
}
