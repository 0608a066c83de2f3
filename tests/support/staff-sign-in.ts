/**
 * Staff sign-in for API tests over real HTTP: asks for the emailed code (written to `mailDir`),
 * reads it from the email and signs in; returns the session cookie ("name=value").
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';

export function staffSignIn(origin: string, mailDir: string) {
  const post = (p: string, body: unknown) =>
    fetch(`${origin}${p}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify(body) });

  async function mailsTo(email: string): Promise<string[]> {
    const names = await readdir(mailDir).catch(() => [] as string[]);
    const mails = await Promise.all(names.map((n) => readFile(path.join(mailDir, n), 'utf8')));
    return mails.filter((m) => m.includes(`To: ${email}`));
  }

  async function codeFor(email: string): Promise<string> {
    const before = (await mailsTo(email)).length;
    const response = await post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
    expect(response.status).toBe(200);
    for (let i = 0; i < 100; i++) {
      const mails = await mailsTo(email);
      if (mails.length > before) return /sign-in code is (\d{6})/.exec(mails.at(-1)!)![1]!;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no sign-in email reached ${email}`);
  }

  async function signIn(email: string): Promise<string> {
    const response = await post('/api/auth/sign-in/email-otp', { email, otp: await codeFor(email) });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body, 'the session token stays in the HttpOnly cookie, never in the JSON').not.toHaveProperty('token');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('eps.session_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    return cookie.split(';')[0]!;
  }

  return { post, mailsTo, codeFor, signIn };
}
