import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { defineContract } from '../../lib/api/contract';
import { defineHandler } from './handler';
import { HttpError, json } from './response';

const contactLike = defineContract({
  path: '/api/test-contact',
  method: 'POST',
  request: z.strictObject({ name: z.string().min(1), phone: z.string().min(10), email: z.email().optional() }),
  response: z.strictObject({ received: z.string() }),
});

const reviewsLike = defineContract({
  path: '/api/test-reviews',
  method: 'GET',
  query: z.strictObject({ minRating: z.coerce.number().int().min(1).max(5).optional() }),
  response: z.strictObject({ minRating: z.number() }),
  cache: { maxAgeSeconds: 1800 },
});

const contact = defineHandler(contactLike, ({ body }) => ({ received: body.name }));
const reviews = defineHandler(reviewsLike, ({ query }) => ({ minRating: query.minRating ?? 1 }));

const post = (body: BodyInit | null, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
  new Request('https://site.test/api/test-contact', { method: 'POST', body, headers });

const errorBody = async (response: Response) => (await response.json()) as { error: string; fields?: Record<string, string> };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('defineHandler', () => {
  test('answers a valid request with the handler result as JSON, not cached by default', async () => {
    const response = await contact(post(JSON.stringify({ name: 'Ana', phone: '5123689159' })));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: 'Ana' });
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('server-timing')).toMatch(/^handler;dur=\d+$/);
  });

  test('sets the security headers on successes and on errors', async () => {
    for (const response of [
      await contact(post(JSON.stringify({ name: 'Ana', phone: '5123689159' }))),
      await contact(post('{')),
    ]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  test('refuses another method with 405 and an Allow header', async () => {
    const response = await contact(new Request('https://site.test/api/test-contact'));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect((await errorBody(response)).error).toBe('405: This address accepts only POST requests.');
  });

  test('refuses a body that is not JSON with 415', async () => {
    const plain = await contact(post('name=Ana', { 'Content-Type': 'text/plain' }));
    const missing = await contact(post('{}', {}));
    expect(plain.status).toBe(415);
    expect(missing.status).toBe(415);
    expect((await errorBody(plain)).error).toMatch(/^415: Send the request body as JSON/);
  });

  test('refuses a body over 16 KB with 413, whether or not Content-Length says so', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(17 * 1024), phone: '5123689159' });
    expect((await contact(post(big))).status).toBe(413);

    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(1024).fill(32));
        controller.close();
      },
    });
    const chunked = new Request('https://site.test/api/test-contact', {
      method: 'POST', body: stream, headers: { 'Content-Type': 'application/json' }, duplex: 'half',
    } as RequestInit);
    expect(chunked.headers.get('content-length')).toBeNull();
    const response = await contact(chunked);
    expect(response.status).toBe(413);
    expect((await errorBody(response)).error).toBe('413: The request is too large. Send at most 16 KB and try again.');
  });

  test('answers malformed JSON with 400', async () => {
    const response = await contact(post('{"name": "Ana",'));
    expect(response.status).toBe(400);
    expect((await errorBody(response)).error).toBe('400: The request body is not valid JSON. Check the data and send it again.');
  });

  test('lists missing, invalid and unknown fields', async () => {
    const response = await contact(post(JSON.stringify({ phone: '123', email: 'not-an-email', admin: true })));
    expect(response.status).toBe(400);
    const body = await errorBody(response);
    expect(body.fields).toEqual({
      name: 'This field is required.',
      phone: 'Use at least 10 characters.',
      email: 'Enter a valid email address.',
      admin: 'This field is not accepted.',
    });
    expect(body.error).toBe('400: Please check the fields name, phone, email, admin and try again.');
  });

  test('answers a JSON value that is not an object with 400', async () => {
    const response = await contact(post('[1, 2]'));
    expect(response.status).toBe(400);
    expect((await errorBody(response)).error).toMatch(/^400: The request body does not have the expected shape/);
  });

  test('never answers junk with a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.json(), fc.uint8Array({ maxLength: 64 })), async (junk) => {
        const response = await contact(post(junk));
        expect([400, 413]).toContain(response.status);
        expect((await errorBody(response)).error).toMatch(/^4\d\d: [A-Z]/);
      }),
      { numRuns: 200 },
    );
  });

  test('turns an unexpected error into a 500 with our phone number and logs the real error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = defineHandler(contactLike, () => {
      throw new Error('connection refused to 10.0.0.1');
    });
    const response = await failing(post(JSON.stringify({ name: 'Ana', phone: '5123689159' }), {
      'Content-Type': 'application/json',
      'x-nf-request-id': 'req-123',
    }));
    expect(response.status).toBe(500);
    expect(await errorBody(response)).toEqual({ error: '500: Something went wrong on our side. Please call us at (512) 368-9159.' });
    const line = JSON.parse(String(logged.mock.calls[0]?.[0]));
    expect(line).toMatchObject({ level: 'error', requestId: 'req-123', error: { message: 'connection refused to 10.0.0.1' } });
  });

  test('passes an HttpError thrown by the handler through with its status and fields', async () => {
    const conflict = defineHandler(contactLike, () => {
      throw new HttpError(409, 'This phone number already has a request today.', { fields: { phone: 'Already used today.' } });
    });
    const response = await conflict(post(JSON.stringify({ name: 'Ana', phone: '5123689159' })));
    expect(response.status).toBe(409);
    expect(await errorBody(response)).toEqual({ error: '409: This phone number already has a request today.', fields: { phone: 'Already used today.' } });
  });

  test('returns a Response from the handler as it is, with security headers added', async () => {
    const created = defineHandler(contactLike, () => json({ received: 'x' }, { status: 201 }));
    const response = await created(post(JSON.stringify({ name: 'Ana', phone: '5123689159' })));
    expect(response.status).toBe(201);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  test('validates the query of a GET and applies the contract cache', async () => {
    const ok = await reviews(new Request('https://site.test/api/test-reviews?minRating=4'));
    expect(await ok.json()).toEqual({ minRating: 4 });
    expect(ok.headers.get('cache-control')).toBe('public, max-age=1800');
    expect(ok.headers.get('netlify-cdn-cache-control')).toBe('public, s-maxage=1800');

    const bad = await reviews(new Request('https://site.test/api/test-reviews?minRating=9&x=1'));
    expect(bad.status).toBe(400);
    expect(bad.headers.get('cache-control')).toBe('no-store');
    expect((await errorBody(bad)).fields).toEqual({ minRating: 'This must be at most 5.', x: 'This field is not accepted.' });
  });

  test('answers HEAD for a GET contract without a body', async () => {
    const response = await reviews(new Request('https://site.test/api/test-reviews', { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  test('with sameOrigin, refuses a write from another site and accepts one from ours', async () => {
    const guarded = defineHandler(contactLike, ({ body }) => ({ received: body.name }), { sameOrigin: true });
    const body = JSON.stringify({ name: 'Ana', phone: '5123689159' });
    const from = (origin?: string) => post(body, { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) });

    expect((await guarded(from('https://evil.example'))).status).toBe(403);
    expect((await guarded(from())).status).toBe(403);
    expect((await guarded(from('https://site.test'))).status).toBe(200);
  });

  test('accepts multipart only for a multipart contract', async () => {
    const upload = defineHandler(
      defineContract({
        path: '/api/test-upload',
        method: 'POST',
        bodyType: 'multipart',
        request: z.strictObject({ sessionId: z.string(), image: z.instanceof(File) }),
        response: z.strictObject({ bytes: z.number() }),
      }),
      ({ body }) => ({ bytes: body.image.size }),
    );
    const form = new FormData();
    form.set('sessionId', 'session_1');
    form.set('image', new File([new Uint8Array(10)], 'leak.jpg', { type: 'image/jpeg' }));
    const ok = await upload(new Request('https://site.test/api/test-upload', { method: 'POST', body: form }));
    expect(await ok.json()).toEqual({ bytes: 10 });

    const asJson = await upload(post(JSON.stringify({ sessionId: 's' })));
    expect(asJson.status).toBe(415);
  });
});
