/**
 * Staff sign-in for API tests: asks the served site for an emailed code (written as an .eml file in
 * `mailDir`), signs in with it, and returns the session cookie to send with admin calls.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

async function mailsTo(mailDir: string, email: string): Promise<string[]> {
  const names = await readdir(mailDir).catch(() => [] as string[]);
  const mails = await Promise.all(names.map((n) => readFile(path.join(mailDir, n), 'utf8').catch(() => '')));
  return mails.filter((m) => m.includes(`To: ${email}`));
}

const post = (origin: string, p: string, body: unknown) =>
  fetch(`${origin}${p}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify(body) });

/** The `name=value` session cookie of a fresh sign-in by emailed code (the email must be on the staff list). */
export async function staffSessionCookie(origin: string, mailDir: string, email: string): Promise<string> {
  const before = (await mailsTo(mailDir, email)).length;
  const asked = await post(origin, '/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
  if (asked.status !== 200) throw new Error(`asking for a sign-in code answered ${asked.status}`);
  let code: string | undefined;
  for (let i = 0; i < 200 && !code; i++) {
    const mails = await mailsTo(mailDir, email);
    if (mails.length > before) code = /sign-in code is (\d{6})/.exec(mails.at(-1)!)?.[1];
    else await new Promise((r) => setTimeout(r, 50));
  }
  if (!code) throw new Error(`no sign-in email reached ${email}`);
  const signedIn = await post(origin, '/api/auth/sign-in/email-otp', { email, otp: code });
  const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('eps.session_token='));
  if (signedIn.status !== 200 || !cookie) throw new Error(`signing in answered ${signedIn.status}`);
  return cookie.split(';')[0]!;
}
