/**
 * Staff sign-in (/admin/oauth-login): ask for a code by email, then sign in with the code. The
 * emailed link opens this page with the email and code filled in; the person presses "Sign in"
 * (a link alone never signs in, since mail scanners open links). Talks to Better Auth's
 * /api/auth/email-otp/send-verification-otp and /api/auth/sign-in/email-otp.
 */
import { map } from 'nanostores';
import { safeNextPath } from '../../lib/admin/routes';
import { emailPattern, linkParams, postSignIn as post, signInFailureText as failureText } from '../shared/email-code-sign-in';

export type SignInStage = 'email' | 'code';
export interface SignInState {
  stage: SignInStage;
  email: string;
  code: string;
  busy: boolean;
  /** A sentence for the person: what happened and what to do. */
  message: string;
  tone: 'info' | 'error';
  next: string;
}

export const $signIn = map<SignInState>({ stage: 'email', email: '', code: '', busy: false, message: '', tone: 'info', next: '/admin' });

/** Reads ?email=&code=&next= from the link in the email (or a redirect from another admin page). */
export function startSignIn(search: string): void {
  const params = new URLSearchParams(search);
  const { email, code } = linkParams(search);
  const googleFailed = params.get('error') === 'google';
  $signIn.set({
    ...$signIn.get(), email, code, stage: email && code ? 'code' : 'email', next: safeNextPath(params.get('next')),
    message: googleFailed ? 'Google sign-in did not work for this account. Only emails on the staff list can sign in; use the emailed code, or ask the owner to add you.' : email && code ? 'Your code is filled in. Press "Sign in" to continue.' : '',
    tone: googleFailed ? 'error' : 'info',
  });
}

export async function requestCode(email: string): Promise<void> {
  const clean = email.trim().toLowerCase();
  if (!emailPattern.test(clean) || clean.length > 254) {
    $signIn.set({ ...$signIn.get(), email, message: 'Enter your work email address, like name@example.com.', tone: 'error' });
    return;
  }
  $signIn.set({ ...$signIn.get(), email: clean, busy: true, message: '' });
  const next = $signIn.get().next;
  const result = await post(`/api/auth/email-otp/send-verification-otp?next=${encodeURIComponent(next)}`, { email: clean, type: 'sign-in' });
  $signIn.set({
    ...$signIn.get(),
    busy: false,
    ...(result.ok
      ? { stage: 'code', code: '', message: `If ${clean} is on the staff list, a 6-digit code is on its way. It works for 10 minutes.`, tone: 'info' }
      : { message: failureText(result.status, result.code), tone: 'error' }),
  });
}

export async function signInWithCode(code: string): Promise<void> {
  const digits = code.replace(/\D/g, '');
  const { email, next } = $signIn.get();
  if (digits.length !== 6) {
    $signIn.set({ ...$signIn.get(), code, message: 'Enter the 6 digits from the email.', tone: 'error' });
    return;
  }
  $signIn.set({ ...$signIn.get(), code: digits, busy: true, message: '' });
  const result = await post('/api/auth/sign-in/email-otp', { email, otp: digits });
  if (result.ok) {
    window.location.assign(next);
    return;
  }
  $signIn.set({ ...$signIn.get(), busy: false, message: failureText(result.status, result.code), tone: 'error' });
}

export function startOver(): void {
  $signIn.set({ ...$signIn.get(), stage: 'email', code: '', message: '', tone: 'info' });
}

/** Google sign-in (when configured): Better Auth answers with Google's address to go to. */
export async function signInWithGoogle(): Promise<void> {
  $signIn.set({ ...$signIn.get(), busy: true, message: '' });
  try {
    const response = await fetch('/api/auth/sign-in/social', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ provider: 'google', callbackURL: $signIn.get().next, errorCallbackURL: '/admin/oauth-login?error=google' }) });
    const data = (await response.json().catch(() => ({}))) as { url?: unknown };
    if (response.ok && typeof data.url === 'string' && data.url.startsWith('https://')) {
      window.location.assign(data.url);
      return;
    }
  } catch {
    // Reported below.
  }
  $signIn.set({ ...$signIn.get(), busy: false, message: 'Google sign-in is not answering. Use the emailed code instead.', tone: 'error' });
}
