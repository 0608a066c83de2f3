/**
 * Every environment variable the server reads, validated once with zod (as Starlight validates its
 * configuration once). `serverConfig()` is the checked value for the running process; functions
 * name the secrets they need in `defineHandler`, and in production (CONTEXT=production) a missing
 * one stops the function when it loads, with a message naming the variable: no silent fallback.
 */
import { z } from 'zod';

const text = z.string().trim().min(1).optional().catch(undefined);

const configSchema = z.object({
  /** Netlify's deploy context: `production`, `deploy-preview`, `branch-deploy`, `dev`. */
  CONTEXT: text,
  /** Key of the HMAC that turns client addresses into hashes (leads, chats, limits). At least 16 characters. */
  CLIENT_HASH_SECRET: z.string().trim().min(16).optional().catch(undefined),
  /** Key that signs staff and customer session cookies (Better Auth). At least 32 characters. */
  AUTH_SECRET: z.string().trim().min(32).optional().catch(undefined),
  GOOGLE_CLIENT_ID: text,
  GOOGLE_CLIENT_SECRET: text,
  DATABASE_URL: text,
  NETLIFY_DATABASE_URL: text,
  SMTP_URL: text,
  STAFF_EMAIL: text,
  MAIL_FROM: text,
  MAIL_DIR: text,
  OPENAI_API_KEY: text,
  OPENAI_BASE_URL: text,
  OPENAI_MODEL: text,
  GOOGLE_PLACES_API_KEY: text,
  GOOGLE_PLACE_IDS: text,
  GOOGLE_PLACES_BASE_URL: text,
  /** `1` lifts the lead limits outside production (load tests, the end-to-end suite). */
  RATE_LIMIT_DISABLED: text,
  /** `off` lifts the chat limits outside production. */
  CHAT_RATE_LIMIT: text,
  UPLOAD_STORE: z.enum(['blobs', 'files']).optional().catch(undefined),
  UPLOAD_DIR: text,
  PUBLIC_SITE_URL: text,
  /** `true` inside Netlify's build and functions. */
  NETLIFY: text,
  /** Secret: the Netlify build hook that publishes the site. Never logged. Unset: `npm start` rebuilds locally. */
  NETLIFY_BUILD_HOOK_URL: z.string().trim().url().refine((v) => /^https?:\/\//.test(v)).optional().catch(undefined),
  /** Seconds between the first waiting publish request and its build, so changes made together share one build. */
  /** Secret: Stripe's secret API key (sk_live_… / sk_test_…). Unset: checkout saves an order request and the office takes payment by phone. */
  STRIPE_SECRET_KEY: z.string().trim().regex(/^(sk|rk)_(live|test)_[A-Za-z0-9_]+$/).optional().catch(undefined),
  /** Secret: the signing secret of the Stripe webhook endpoint (whsec_…) for /api/webhooks/stripe. */
  STRIPE_WEBHOOK_SECRET: z.string().trim().startsWith('whsec_').optional().catch(undefined),
  /** Tests only (ignored in production): where the Stripe SDK sends its calls, e.g. a local server speaking Stripe's protocol. */
  STRIPE_API_HOST: text,
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional().catch(undefined),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional().catch(undefined),
  /** Secret: the key of the HMAC-SHA256 that signs posts to /api/webhooks/jobs (at least 16 characters). Unset: that webhook answers 503. */
  JOBS_WEBHOOK_SECRET: z.string().trim().min(16).optional().catch(undefined),
  /** Twilio's account SID (AC + 32 hex characters); with TWILIO_AUTH_TOKEN and a sender, texts go through Twilio. */
  TWILIO_ACCOUNT_SID: z.string().trim().regex(/^AC[0-9a-fA-F]{32}$/).optional().catch(undefined),
  /** Secret: Twilio's auth token. Signs Twilio's posts to /api/webhooks/twilio and authenticates our calls. Never logged. */
  TWILIO_AUTH_TOKEN: z.string().trim().min(16).optional().catch(undefined),
  /** The number texts come from, in E.164 (+15125550100); or TWILIO_MESSAGING_SERVICE_SID. */
  TWILIO_FROM: z.string().trim().regex(/^\+[1-9]\d{7,14}$/).optional().catch(undefined),
  /** A Twilio Messaging Service (MG + 32 hex characters) to send from, instead of TWILIO_FROM. */
  TWILIO_MESSAGING_SERVICE_SID: z.string().trim().regex(/^MG[0-9a-fA-F]{32}$/).optional().catch(undefined),
  /** Tests only (ignored in production): where Twilio's REST API is reached, e.g. a local server speaking its protocol. */
  TWILIO_API_BASE: z.string().trim().url().refine((v) => /^https?:\/\//.test(v)).optional().catch(undefined),
  /** Folder for texts written as files when Twilio is not configured. */
  SMS_DIR: text,
  PUBLISH_DEBOUNCE_SECONDS: z.coerce.number().int().min(0).max(3600).default(120).catch(120),
});

export type ServerConfig = z.output<typeof configSchema>;

/** The secrets a function can require; each is documented in the README's configuration table. */
export type SecretName = 'CLIENT_HASH_SECRET' | 'AUTH_SECRET';

const secretHints: Record<SecretName, string> = {
  CLIENT_HASH_SECRET: 'Set CLIENT_HASH_SECRET in the Netlify environment to a long random value (for example `openssl rand -hex 32`).',
  AUTH_SECRET: 'Set AUTH_SECRET in the Netlify environment to a random value of at least 32 characters (for example `openssl rand -hex 32`); changing it signs everyone out.',
};

/** A missing or invalid setting, written like Astro's errors: what happened, why, what to do. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const isProduction = (env: Record<string, string | undefined> = process.env) => env.CONTEXT === 'production';

/** Reads and checks `env`; values that fail their check are treated as unset. */
export function readConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  return configSchema.parse(env);
}

/**
 * Throws a ConfigError naming the first of `secrets` that production lacks. Outside production a
 * missing secret is allowed: each has a fixed local value where it is used.
 */
export function assertSecrets(secrets: readonly SecretName[], env: Record<string, string | undefined> = process.env): void {
  if (!isProduction(env)) return;
  const config = readConfig(env);
  for (const name of secrets) {
    if (!config[name]) {
      throw new ConfigError(`${name} is not set (or is too short), and this function needs it in production, so it refuses to start rather than fall back to a value anyone could read in the source. ${secretHints[name]}`);
    }
  }
}

const localSecrets: Record<SecretName, string> = {
  CLIENT_HASH_SECRET: 'local-development-client-hash-secret',
  AUTH_SECRET: 'local-development-auth-secret-not-for-production',
};

/** A secret's configured value; in production a missing one is a ConfigError, elsewhere a fixed local value. */
export function requireSecret(name: SecretName, env: Record<string, string | undefined> = process.env): string {
  const value = readConfig(env)[name];
  if (value) return value;
  assertSecrets([name], env);
  return localSecrets[name];
}

/** Twilio's settings when texts can go through Twilio (account, token and a sender), else undefined: texts are written as files. */
export function twilioConfig(env: Record<string, string | undefined> = process.env) {
  const c = readConfig(env);
  if (!c.TWILIO_ACCOUNT_SID || !c.TWILIO_AUTH_TOKEN || !(c.TWILIO_FROM || c.TWILIO_MESSAGING_SERVICE_SID)) return undefined;
  return {
    accountSid: c.TWILIO_ACCOUNT_SID,
    authToken: c.TWILIO_AUTH_TOKEN,
    from: c.TWILIO_FROM,
    messagingServiceSid: c.TWILIO_MESSAGING_SERVICE_SID,
    apiBase: (!isProduction(env) && c.TWILIO_API_BASE ? c.TWILIO_API_BASE : 'https://api.twilio.com').replace(/\/+$/, ''),
  };
}

/**
 * Whether texts reach people from here: Twilio is configured, or this is a local run (not on Netlify),
 * where texts are written as files under SMS_DIR. On Netlify without Twilio, nothing offers a text.
 */
export function textsAvailable(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean(twilioConfig(env)) || !env.NETLIFY;
}

/** The client-hash key: the configured secret, or in production a ConfigError; a fixed local value elsewhere. */
export function clientHashSecret(env: Record<string, string | undefined> = process.env): string {
  return requireSecret('CLIENT_HASH_SECRET', env);
}
