import { expect, test } from 'vitest';
import { describeEachDatabase } from '../../db/test-databases';
import { HttpError } from '../../http/response';
import { chatLimits, enforceChatLimit, rateLimitsLifted } from './rate-limit';

test('CHAT_RATE_LIMIT=off lifts the limits everywhere but production', () => {
  expect(rateLimitsLifted({ CHAT_RATE_LIMIT: 'off' })).toBe(true);
  expect(rateLimitsLifted({ CHAT_RATE_LIMIT: 'off', CONTEXT: 'production' })).toBe(false);
  expect(rateLimitsLifted({})).toBe(false);
});

describeEachDatabase('chat limits', (db) => {
  const now = new Date('2026-11-21T10:03:20Z');

  test('the 6th upload of a session within the hour is a 429 with Retry-After until the window ends', async () => {
    for (let i = 0; i < chatLimits.uploads.perSession; i++) await enforceChatLimit(db(), 'uploads', { session: 's1', ipHash: `ip${i}` }, {}, now);
    const error = await enforceChatLimit(db(), 'uploads', { session: 's1', ipHash: 'ip-new' }, {}, now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(429);
    expect((error as HttpError).message).toMatch(/\(512\) 368-9159/);
    expect((error as HttpError).options.headers?.['Retry-After']).toBe(String(3600 - 200));
  });

  test('the IP limit holds across sessions, and a new window starts fresh', async () => {
    for (let i = 0; i < chatLimits.messages.perIp; i++) await enforceChatLimit(db(), 'messages', { session: `s${i}`, ipHash: 'shared' }, {}, now);
    await expect(enforceChatLimit(db(), 'messages', { session: 'fresh', ipHash: 'shared' }, {}, now)).rejects.toThrow(/a lot of messages/);
    await expect(enforceChatLimit(db(), 'messages', { session: 'fresh', ipHash: 'shared' }, {}, new Date(now.getTime() + 600_000))).resolves.toBeUndefined();
  });
});
