/**
 * Requests a hostile client writes by hand, against the real local server (`npm start`): each gets
 * a 4xx in the error format, never a 500 or a bare status line (issue 8, classes 4 and 7).
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorFormat, startTestSiteOnPostgres, type TestSite } from '../support/test-site';

/** Sends exactly what is given (fetch would normalise the path and the Host header). */
function raw(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers, setHost: !('Host' in headers), insecureHTTPParser: true }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, type: String(res.headers['content-type'] ?? '') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A request line written on the socket, for what node:http refuses to send. */
function rawSocket(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => { answer += chunk; });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function expectErrorFormat(answer: { status: number; body: string; type: string }, status: number): void {
  expect(answer.status).toBe(status);
  expect(answer.type).toContain('application/json');
  expect((JSON.parse(answer.body) as { error: string }).error).toMatch(errorFormat);
}

describe('hostile requests to the local server', () => {
  let site: TestSite;
  let port: number;

  beforeAll(async () => {
    site = await startTestSiteOnPostgres();
    port = site.site.port;
  });
  afterAll(async () => {
    await site?.stop();
  });

  test('a path with broken percent-encoding gets a 400 in the error format', async () => {
    expectErrorFormat(await raw(port, '/api/chatbot/image/%E0%A4%A'), 400);
    expectErrorFormat(await raw(port, '/%zz'), 400);
  });

  test('a malformed Host header gets a 400 in the error format', async () => {
    expectErrorFormat(await raw(port, '/api/health', { Host: 'bad host/with space' }), 400);
  });

  test('an over-long address gets a 414 in the error format, and oversized headers a 431 with a JSON body', async () => {
    expectErrorFormat(await raw(port, `/api/reviews?category=${'a'.repeat(10_000)}`), 414);
    const answer = await rawSocket(port, `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(70 * 1024)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/\{"error":"431: [A-Z].*\."\}$/);
  });

  test('scheduled functions cannot be run through any address', async () => {
    for (const name of ['outbox-worker', 'reviews-sync', 'publish-worker']) {
      for (const method of ['GET', 'POST']) {
        expect((await raw(port, `/.netlify/functions/${name}`, {}, method)).status).toBe(404);
      }
    }
  });

  test('a NUL character in any stored text is a 400, never a 500', async () => {
    const post = (path: string, body: unknown) => fetch(`${site.site.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: site.site.url }, body: JSON.stringify(body) });
    const id = (prefix: string) => `${prefix}_${Date.now()}_abcdef0123456789`;
    for (const [path, body] of [
      ['/api/chatbot/feedback', { messageId: 'msg\u0000x', conversationId: id('conv'), sessionId: id('session'), feedback: 'positive' }],
      ['/api/contact', { name: 'Ana\u0000', phone: '5125550100', formStartTime: 1 }],
      ['/api/track-404', { requestedUrl: '/x', referrer: 'https://a.example/\u0000' }],
      ['/api/chatbot', { messages: [{ role: 'user', content: 'hi\u0000' }], sessionId: id('session'), conversationId: id('conv'), pageContext: '/\u0000' }],
    ] as const) {
      const response = await post(path, body);
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(errorFormat);
    }
  });

  test('a query with 1,500 unknown keys gets a short 400 that names a few of them', async () => {
    const query = Array.from({ length: 1500 }, (_, i) => `${i.toString(36)}=`).join('&');
    const response = await fetch(`${site.site.url}/api/reviews?${query}`);
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text.length).toBeLessThan(2048);
    expect((JSON.parse(text) as { error: string }).error).toMatch(/and 1490 more/);
  });
});
