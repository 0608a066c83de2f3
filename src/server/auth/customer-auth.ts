/**
 * Customer portal sign-in: a second Better Auth instance, mounted at /api/portal/auth/* by
 * netlify/functions/portal-auth.ts, with its own tables (portal_*) and its own cookie, so a customer
 * session is never a staff session (staff endpoints read only the staff cookie and tables). Only the
 * emails of known, unmerged customers get a code or a session; there is no sign-up, and asking for a
 * code answers the same whether or not the email is known. The emailed link opens /customer-portal
 * with the email and code filled in, where a button signs in (mail scanners open links). The email's
 * wording is the `portal-sign-in-code` template; an address on the suppression list gets nothing.
 */
import { betterAuth } from 'better-auth';
import { emailOTP } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { company } from '../../business';
import { isProduction, requireSecret } from '../config';
import type { Database } from '../db/database';
import { createLogger } from '../http/logger';
import { listCustomersByEmail } from '../repositories/customer.repository';
import { renderCustomerEmail } from '../services/customer-email';
import { deliveryBlock } from '../services/email-preferences';
import { mailerFromEnv } from '../services/mail';
import { siteOrigin, signInCodeSeconds } from './auth';
import { textSignInCode, wantsTextedCode } from './sign-in-text';

type Env = Record<string, string | undefined>;

export const portalAuthBasePath = '/api/portal/auth';
/** Customers stay signed in for 7 days of use (each day of use slides it). */
export const portalSessionSeconds = 7 * 24 * 60 * 60;
export const portalSessionCookieName = (env: Env = process.env) => (isProduction(env) ? '__Host-eps.portal_session' : 'eps.portal_session');

/** The link in a customer's sign-in email: the portal with the email and code filled in. */
export function portalSignInLink(origin: string, email: string, code: string): string {
  const url = new URL('/customer-portal', origin);
  url.searchParams.set('email', email);
  url.searchParams.set('code', code);
  return url.toString();
}

const isKnownCustomer = async (db: Kysely<Database>, email: string) => (await listCustomersByEmail(db, email)).length > 0;

export function createCustomerAuth(db: Kysely<Database>, request: Request | undefined, env: Env = process.env) {
  const origin = siteOrigin(request, env);
  const production = isProduction(env);
  const log = createLogger({ path: portalAuthBasePath });
  return betterAuth({
    appName: company.name,
    baseURL: origin,
    basePath: portalAuthBasePath,
    secret: requireSecret('AUTH_SECRET', env),
    trustedOrigins: [origin],
    database: { db, type: 'postgres' },
    user: { modelName: 'portal_users' },
    account: { modelName: 'portal_accounts' },
    verification: { modelName: 'portal_verifications' },
    session: { modelName: 'portal_sessions', expiresIn: portalSessionSeconds, updateAge: 24 * 60 * 60 },
    emailAndPassword: { enabled: false },
    rateLimit: {
      enabled: env.RATE_LIMIT_DISABLED !== '1' || production,
      storage: 'database',
      modelName: 'portal_rate_limits',
      window: 60,
      max: 60,
      customRules: {
        '/email-otp/send-verification-otp': { window: 600, max: 5 },
        '/sign-in/email-otp': { window: 600, max: 10 },
      },
    },
    advanced: {
      useSecureCookies: false,
      cookiePrefix: 'eps-portal',
      cookies: { session_token: { name: portalSessionCookieName(env) } },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/', secure: production },
      ipAddress: { ipAddressHeaders: ['x-nf-client-connection-ip', 'x-forwarded-for'] },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: signInCodeSeconds,
        allowedAttempts: 5,
        storeOTP: 'hashed',
        async sendVerificationOTP({ email, otp, type }, ctx) {
          if (type !== 'sign-in') return;
          // The same answer for every email: only a known customer's is actually sent a code.
          const customers = await listCustomersByEmail(db, email);
          if (customers.length === 0) {
            log.info('portal sign-in code not sent: no customer has this email');
            return;
          }
          // Asked for by text (X-Sign-In-Code-By: sms): the same code, to the mobile number on file.
          if (wantsTextedCode(ctx)) {
            await textSignInCode(db, customers, { code: otp, minutes: signInCodeSeconds / 60, origin, env, log });
            return;
          }
          // Sent at once, not through the outbox: the code must arrive now, and the outbox would keep it readable.
          if (await deliveryBlock(db, email, 'transactional')) {
            log.info('portal sign-in code not sent: the address is on the suppression list');
            return;
          }
          const { subject, text, html } = await renderCustomerEmail(db, { template: 'portal-sign-in-code', to: email, siteUrl: origin, data: { code: otp, link: portalSignInLink(origin, email, otp), minutes: String(signInCodeSeconds / 60) } });
          const mailer = mailerFromEnv(env);
          await mailer.send({ to: email, from: mailer.from, subject, text, html });
        },
      }),
    ],
    databaseHooks: {
      user: {
        create: {
          // No sign-up: a portal user row exists only for the email of a known customer.
          before: async (user) => ((await isKnownCustomer(db, user.email)) ? { data: user } : false),
        },
      },
      session: {
        create: {
          before: async (session) => {
            const user = await db.selectFrom('portal_users').select('email').where('id', '=', session.userId).executeTakeFirst();
            return user && (await isKnownCustomer(db, user.email)) ? { data: session } : false;
          },
        },
      },
    },
  });
}
