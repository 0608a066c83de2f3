import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, apiRequest, callContract, errorMessage } from './client';
import { healthContract } from './health.contract';
import { contactContract } from './contact.contract';
import { reviewsContract } from './reviews.contract';

const respond = (body: string, init: ResponseInit) => vi.fn(async () => new Response(body, init));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('errorMessage', () => {
  test('is the status, a colon, a space and the body text', () => {
    expect(errorMessage(502, 'Bad Gateway', 'upstream timed out').message).toBe('502: upstream timed out');
  });

  test('falls back to the status text when the body is empty', () => {
    expect(errorMessage(404, 'Not Found', '').message).toBe('404: Not Found');
  });

  test('uses the sentence of our JSON error body instead of the raw JSON', () => {
    const body = JSON.stringify({ error: '400: Please check the field phone and try again.', fields: { phone: 'This field is required.' } });
    expect(errorMessage(400, 'Bad Request', body)).toEqual({
      message: '400: Please check the field phone and try again.',
      fields: { phone: 'This field is required.' },
    });
  });

  test('adds the status to a JSON error that lacks it', () => {
    expect(errorMessage(429, 'Too Many Requests', '{"error":"Slow down."}').message).toBe('429: Slow down.');
  });

  test('keeps other JSON bodies as text', () => {
    expect(errorMessage(500, 'Internal Server Error', '{"message":"x"}').message).toBe('500: {"message":"x"}');
  });
});

describe('apiRequest', () => {
  test('sends credentials, and JSON with its content type only when there is a body', async () => {
    const fetch = respond('{}', { status: 200 });
    vi.stubGlobal('fetch', fetch);
    await apiRequest('GET', '/api/health');
    await apiRequest('POST', '/api/contact', { name: 'Ana' });
    expect(fetch.mock.calls[0]).toEqual(['/api/health', { method: 'GET', credentials: 'include' }]);
    expect(fetch.mock.calls[1]).toEqual(['/api/contact', {
      method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{"name":"Ana"}',
    }]);
  });

  test('adds extra headers, such as an idempotency key, beside the JSON content type', async () => {
    const fetch = respond('{}', { status: 200 });
    vi.stubGlobal('fetch', fetch);
    await apiRequest('POST', '/api/contact', { name: 'Ana' }, { 'Idempotency-Key': 'k' });
    expect((fetch.mock.calls[0] as unknown[])[1]).toMatchObject({ headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k' } });
  });

  test('throws an ApiError with the status and message of a failed answer', async () => {
    vi.stubGlobal('fetch', respond('{"error":"415: Send the request body as JSON."}', { status: 415, statusText: 'Unsupported Media Type' }));
    const error = await apiRequest('POST', '/api/contact', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, message: '415: Send the request body as JSON.' });
  });
});

describe('callContract', () => {
  test('returns the answer checked against the contract', async () => {
    vi.stubGlobal('fetch', respond('{"ok":true,"db":"pglite","migrations":1}', { status: 200 }));
    expect(await callContract(healthContract, undefined)).toEqual({ ok: true, db: 'pglite', migrations: 1 });
  });

  test('throws when the answer does not match the contract', async () => {
    vi.stubGlobal('fetch', respond('{"ok":"yes"}', { status: 200 }));
    await expect(callContract(healthContract, undefined)).rejects.toThrow(/^200: The server sent an answer/);
  });
});

describe('callContract reads answers as leniently as SPEC §7 allows', () => {
  const lead = { name: 'Ana', phone: '5125550142', formStartTime: 1 };

  test.each([
    ['our own receipt', '{"ok":true,"reference":"EST-1"}', 'EST-1'],
    ['a receipt with extra fields', '{"ok":true,"reference":"EST-2","queued":true}', 'EST-2'],
    ['another shape entirely', '{"stored":1}', null],
    ['a JSON list', '[]', null],
    ['no body at all', '', null],
  ])('any 2xx contact answer is a success: %s', async (_what, body, reference) => {
    vi.stubGlobal('fetch', respond(body, { status: 201 }));
    await expect(callContract(contactContract, lead)).resolves.toEqual({ reference });
  });

  test('a review with only SPEC §3 fields is read, and one odd record is dropped on its own', async () => {
    const specOnly = { id: 7, rating: 5, text: 'Fixed our slab leak.', authorName: 'Anonymous', profilePhotoUrl: null, relativeTime: '', source: 'yelp', timestamp: 1750000000, category: 'leak' };
    const odd = { id: 8, rating: 'excellent', text: 5 };
    vi.stubGlobal('fetch', respond(JSON.stringify([specOnly, odd, { ...specOnly, id: '9', isDemo: true, extra: 'x' }]), { status: 200 }));
    const reviews = await callContract(reviewsContract, {});
    expect(reviews.map((r) => r.id)).toEqual([7, 9]);
    expect(reviews[0]).toMatchObject({ isDemo: false, relativeTime: '', category: 'leak' });
  });
});
