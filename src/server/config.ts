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

/** The client-hash key: the configured secret, or in production a ConfigError; a fixed local value elsewhere. */
export function clientHashSecret(env: Record<string, string | undefined> = process.env): string {
  return requireSecret('CLIENT_HASH_SECRET', env);
}
