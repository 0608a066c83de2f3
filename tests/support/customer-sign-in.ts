/**
 * Customer portal sign-in for API tests over real HTTP: asks /api/portal/auth for the emailed code
 * (written to `mailDir`), reads it from the email and signs in; returns the portal cookie ("name=value").
 */
import { expect } from 'vitest';
import { staffSignIn } from './staff-sign-in';

export function customerSignIn(origin: string, mailDir: string) {
  const { post, mailsTo } = staffSignIn(origin, mailDir);

  async function codeFor(email: string): Promise<string> {
    const before = (await mailsTo(email)).length;
    const response = await post('/api/portal/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
    expect(response.status).toBe(200);
    for (let i = 0; i < 100; i++) {
      const mails = await mailsTo(email);
      if (mails.length > before) return /sign-in code is (\d{6})/.exec(mails.at(-1)!)![1]!;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no portal sign-in email reached ${email}`);
  }

  async function signIn(email: string): Promise<string> {
    const response = await post('/api/portal/auth/sign-in/email-otp', { email, otp: await codeFor(email) });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json(), 'the session token stays in the HttpOnly cookie').not.toHaveProperty('token');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('eps.portal_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    return cookie.split(';')[0]!;
  }

  return { post, mailsTo, codeFor, signIn };
}
