/**
 * Staff sign-in with Better Auth on our own Kysely instance (PGlite, PostgreSQL and Neon alike),
 * mounted at /api/auth/* by netlify/functions/auth.ts. Staff sign in with Google (when
 * GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set) or with an emailed 6-digit code whose email
 * also carries a link that fills it in; only allowlisted emails (staff_members) get a code or a
 * session. Sessions live in auth_sessions: 30 minutes idle (each use slides the expiry), and
 * src/server/auth/staff-session.ts ends them 12 hours after sign-in.
 */
import { betterAuth } from 'better-auth';
import { emailOTP } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { company } from '../../business';
import { isProduction, readConfig, requireSecret } from '../config';
import type { Database } from '../db/database';
import { createLogger } from '../http/logger';
import { mailerFromEnv } from '../services/mail';
import { signInEmail } from './sign-in-email';
import { findActiveStaff } from './staff.repository';

type Env = Record<string, string | undefined>;

export const sessionIdleSeconds = 30 * 60;
export const sessionAbsoluteSeconds = 12 * 60 * 60;
export const signInCodeSeconds = 10 * 60;
/** The cookie that carries the session: `__Host-` (Secure, Path=/, no Domain) in production. */
export const sessionCookieName = (env: Env = process.env) => (isProduction(env) ? '__Host-eps.session_token' : 'eps.session_token');

/** The site's own origin, for links in emails and Better Auth's checks. */
export function siteOrigin(request: Request | undefined, env: Env = process.env): string {
  const configured = readConfig(env).PUBLIC_SITE_URL;
  if (isProduction(env) && configured) return new URL(configured).origin;
  return request ? new URL(request.url).origin : (configured ? new URL(configured).origin : `http://localhost:${env.PORT ?? 4321}`);
}

/** The link a sign-in email carries: it opens the sign-in page with the email and code filled in. */
export function signInLink(origin: string, email: string, code: string, next = '/admin'): string {
  const url = new URL('/admin/oauth-login', origin);
  url.searchParams.set('email', email);
  url.searchParams.set('code', code);
  if (next !== '/admin') url.searchParams.set('next', next);
  return url.toString();
}

export function createAuth(db: Kysely<Database>, request: Request | undefined, env: Env = process.env) {
  const config = readConfig(env);
  const origin = siteOrigin(request, env);
  const production = isProduction(env);
  const log = createLogger({ path: '/api/auth' });
  return betterAuth({
    appName: company.name,
    baseURL: origin,
    basePath: '/api/auth',
    secret: requireSecret('AUTH_SECRET', env),
    trustedOrigins: [origin],
    database: { db, type: 'postgres' },
    user: { modelName: 'auth_users' },
    account: { modelName: 'auth_accounts' },
    verification: { modelName: 'auth_verifications' },
    session: { modelName: 'auth_sessions', expiresIn: sessionIdleSeconds, updateAge: 60 },
    rateLimit: {
      enabled: env.RATE_LIMIT_DISABLED !== '1' || production,
      storage: 'database',
      modelName: 'auth_rate_limits',
      window: 60,
      max: 60,
      customRules: {
        '/email-otp/send-verification-otp': { window: 600, max: 5 },
        '/sign-in/email-otp': { window: 600, max: 10 },
      },
    },
    advanced: {
      useSecureCookies: false,
      cookies: { session_token: { name: sessionCookieName(env) } },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/', secure: production },
      ipAddress: { ipAddressHeaders: ['x-nf-client-connection-ip', 'x-forwarded-for'] },
    },
    socialProviders: config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? { google: { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET, prompt: 'select_account' } }
      : {},
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: signInCodeSeconds,
        allowedAttempts: 5,
        storeOTP: 'hashed',
        async sendVerificationOTP({ email, otp, type }) {
          if (type !== 'sign-in') return;
          // The same answer for every email: only an allowlisted one is actually sent a code.
          if (!(await findActiveStaff(db, email))) {
            log.info('sign-in code not sent: email not on the staff list');
            return;
          }
          const mailer = mailerFromEnv(env);
          const next = request ? new URL(request.url).searchParams.get('next') ?? '/admin' : '/admin';
          await mailer.send({ to: email, from: mailer.from, ...signInEmail({ code: otp, link: signInLink(origin, email, otp, next), minutes: signInCodeSeconds / 60 }) });
        },
      }),
    ],
    databaseHooks: {
      user: {
        create: {
          // No sign-up: a user row exists only for an allowlisted email (Google or code alike).
          before: async (user) => ((await findActiveStaff(db, user.email)) ? { data: user } : false),
        },
      },
      session: {
        create: {
          before: async (session) => {
            const user = await db.selectFrom('auth_users').select('email').where('id', '=', session.userId).executeTakeFirst();
            return user && (await findActiveStaff(db, user.email)) ? { data: session } : false;
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
