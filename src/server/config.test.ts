import { describe, expect, test } from 'vitest';
import { contactContract } from '../lib/api/contact.contract';
import { assertSecrets, clientHashSecret, ConfigError, readConfig } from './config';
import { defineHandler } from './http/handler';

const production = { CONTEXT: 'production' };
const secret = 'a-long-random-production-secret-value';

describe('the server configuration', () => {
  test('production refuses to run without CLIENT_HASH_SECRET, naming the variable', () => {
    expect(() => assertSecrets(['CLIENT_HASH_SECRET'], production)).toThrow(ConfigError);
    expect(() => clientHashSecret(production)).toThrow(/CLIENT_HASH_SECRET is not set/);
    expect(() => clientHashSecret({ ...production, CLIENT_HASH_SECRET: 'short' })).toThrow(/CLIENT_HASH_SECRET/);
  });

  test('production uses the configured secret; elsewhere a fixed local value stands in', () => {
    expect(clientHashSecret({ ...production, CLIENT_HASH_SECRET: secret })).toBe(secret);
    expect(clientHashSecret({})).toBe('local-development-client-hash-secret');
    expect(() => assertSecrets(['CLIENT_HASH_SECRET'], { CONTEXT: 'deploy-preview' })).not.toThrow();
  });

  test('a function that needs the secret refuses to load in production without it', () => {
    const saved = { context: process.env.CONTEXT, secret: process.env.CLIENT_HASH_SECRET };
    process.env.CONTEXT = 'production';
    delete process.env.CLIENT_HASH_SECRET;
    try {
      expect(() => defineHandler(contactContract, () => ({ ok: true as const, reference: 'x' }), { requires: ['CLIENT_HASH_SECRET'] })).toThrow(/CLIENT_HASH_SECRET/);
      process.env.CLIENT_HASH_SECRET = secret;
      expect(() => defineHandler(contactContract, () => ({ ok: true as const, reference: 'x' }), { requires: ['CLIENT_HASH_SECRET'] })).not.toThrow();
    } finally {
      for (const [key, value] of [['CONTEXT', saved.context], ['CLIENT_HASH_SECRET', saved.secret]] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  test('unknown or malformed values are treated as unset, not trusted', () => {
    expect(readConfig({ UPLOAD_STORE: 'ftp', STAFF_EMAIL: '  ' })).toMatchObject({ UPLOAD_STORE: undefined, STAFF_EMAIL: undefined });
  });
});
