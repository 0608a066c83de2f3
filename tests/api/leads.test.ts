/**
 * POST /api/contact and POST /api/booking over real HTTP, through the served functions and a real
 * database (PGlite and PostgreSQL): storage, spam, idempotency, rate limit, hostile input, mail
 * delivery with retries over SMTP, and a database that stops answering.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { addDays, officeDate } from '../../src/lib/booking/booking-days';
import { createTestSchema } from '../../src/server/db/test-databases';
import { leadRateLimit } from '../../src/server/services/leads';
import { clearOfWindowEdge } from '../support/rate-window';
import { startTestSmtpServer } from '../support/smtp-server';
import { startTcpProxy } from '../support/tcp-proxy';
import { noDatabaseEnv, startTestSite, type TestSite } from '../support/test-site';

const errorFormat = /^4\d\d: [A-Z].*[.?]$/;

function contactBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ana Díaz',
    phone: '(512) 555-0100',
    email: 'ana@example.com',
    service: 'water-heater',
    location: 'austin',
    urgency: 'urgent',
    message: 'The water heater is leaking from the bottom.',
    pageContext: 'Home Page',
    website: '',
    formStartTime: Date.now() - 20_000,
    ...overrides,
  };
}

function bookingBody(overrides: Record<string, unknown> = {}) {
  return {
    service: 'drain',
    zip: '78654',
    preferredDate: addDays(officeDate(new Date()), 2),
    arrivalWindow: 'afternoon',
    name: 'Bo Lake',
    phone: '830 555 0199',
    email: '',
    notes: 'Kitchen sink backs up.',
    pageContext: 'Scheduler (header) on /',
    website: '',
    formStartTime: Date.now() - 30_000,
    ...overrides,
  };
}

function post(site: TestSite, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${site.site.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function mailFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.map((n) => readFile(path.join(dir, n), 'utf8')));
}

async function waitForMail(dir: string, includes: string, count = 1): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const found = (await mailFiles(dir)).filter((m) => m.includes(includes));
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  return (await mailFiles(dir)).filter((m) => m.includes(includes));
}

const databases = [
  ['pglite', async () => ({ env: noDatabaseEnv, drop: async () => {} })],
  ['postgres', async () => {
    const schema = await createTestSchema();
    return { env: { ...noDatabaseEnv, DATABASE_URL: schema.url }, drop: schema.drop };
  }],
] as const;

describe.each(databases)('lead endpoints on %s', (_kind, makeDatabase) => {
  let site: TestSite;
  let db: Kysely<Database>;
  let drop: () => Promise<void>;
  let mailDir: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    const database = await makeDatabase();
    drop = database.drop;
    site = await startTestSite(database.env, { schedules: false });
    mailDir = path.join(site.dir, 'mail');
    process.env.MAIL_DIR = mailDir;
    process.env.RATE_LIMIT_DISABLED = '1';
    delete process.env.SMTP_URL;
    db = createDb(site.site.database.env);
  });
  afterAll(async () => {
    process.env = savedEnv;
    await db?.destroy();
    await site?.stop();
    await drop?.();
  });

  const leadsNamed = (name: string) => db.selectFrom('leads').selectAll().where('name', '=', name).execute();

  test('a valid request is stored, answered with a reference, and the office is emailed at once', async () => {
    const name = `Valid ${randomUUID().slice(0, 8)}`;
    const response = await post(site, '/api/contact', contactBody({ name }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ ok: true, reference: expect.stringMatching(/^EPS-[0-9A-Z]{6}$/) });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [lead] = await leadsNamed(name);
    expect(lead).toMatchObject({ kind: 'estimate', status: 'new', reference: body.reference, service: 'water-heater', page_context: 'Home Page' });
    const mails = await waitForMail(mailDir, name);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Subject: Estimate request: Water heater from ${name} (${body.reference})`);
    await expect.poll(async () => (await db.selectFrom('outbox_messages').select(['status', 'attempts']).where('lead_id', '=', lead!.id).execute())[0])
      .toEqual({ status: 'sent', attempts: 1 });
  });

  test('pageContext defaults to Contact Page', async () => {
    const name = `No Context ${randomUUID().slice(0, 8)}`;
    const { pageContext: _omit, ...body } = contactBody({ name });
    expect((await post(site, '/api/contact', body)).status).toBe(200);
    expect((await leadsNamed(name))[0]?.page_context).toBe('Contact Page');
  });

  test('invalid fields are named, each with its own sentence', async () => {
    const response = await post(site, '/api/contact', contactBody({ name: '', phone: '12', email: 'not-email', message: 'x'.repeat(501) }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: '400: Please check the fields name, phone, email, message and try again.',
      fields: {
        name: 'Enter your full name.',
        phone: 'Enter a 10-digit phone number with its area code.',
        email: 'Enter a valid email address, or leave this empty.',
        message: 'Use at most 500 characters.',
      },
    });
  });

  test('a filled spam trap, or a form sent within 3 s, is answered exactly like a lead but stored as spam and never emailed', async () => {
    const trapName = `Trap ${randomUUID().slice(0, 8)}`;
    const fastName = `Fast ${randomUUID().slice(0, 8)}`;
    const trap = await post(site, '/api/contact', contactBody({ name: trapName, website: 'https://cheap-pills.example' }));
    const fast = await post(site, '/api/contact', contactBody({ name: fastName, formStartTime: Date.now() - 800 }));
    for (const response of [trap, fast]) {
      expect(response.status).toBe(200);
      expect(Object.keys(await response.json()).sort()).toEqual(['ok', 'reference']);
    }
    expect((await leadsNamed(trapName))[0]).toMatchObject({ status: 'spam', spam_reason: 'trap' });
    expect((await leadsNamed(fastName))[0]).toMatchObject({ status: 'spam', spam_reason: 'too-fast' });
    await new Promise((r) => setTimeout(r, 300));
    expect((await mailFiles(mailDir)).filter((m) => m.includes(trapName) || m.includes(fastName))).toEqual([]);
  });

  test('a retried request with the same Idempotency-Key is stored once and answered the same', async () => {
    const key = randomUUID();
    const name = `Retry ${randomUUID().slice(0, 8)}`;
    const body = contactBody({ name });
    const answers = await Promise.all([1, 2, 3].map(() => post(site, '/api/contact', body, { 'Idempotency-Key': key }).then(async (r) => [r.status, await r.json()])));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]![0]).toBe(200);
    expect(await leadsNamed(name)).toHaveLength(1);
    expect(await waitForMail(mailDir, name)).toHaveLength(1);
  });

  test('the same key with different details, or a key that is not a UUID, is refused', async () => {
    const key = randomUUID();
    expect((await post(site, '/api/contact', contactBody({ message: 'one' }), { 'Idempotency-Key': key })).status).toBe(200);
    const reused = await post(site, '/api/contact', contactBody({ message: 'two' }), { 'Idempotency-Key': key });
    expect(reused.status).toBe(422);
    expect((await reused.json()).error).toMatch(/^422: This request reused the key/);
    const malformed = await post(site, '/api/contact', contactBody(), { 'Idempotency-Key': 'abc' });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toMatch(/^400: The Idempotency-Key header must be a UUID/);
  });

  test('a request without an Idempotency-Key is still accepted', async () => {
    const response = await fetch(`${site.site.url}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(contactBody()) });
    expect(response.status).toBe(200);
  });

  test('after 5 requests in 10 minutes a client is asked to call instead (429)', async () => {
    await clearOfWindowEdge(leadRateLimit.windowSeconds);
    delete process.env.RATE_LIMIT_DISABLED;
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      // Up to 12 tries: a 10-minute window may end during the test and start counting again.
      for (let i = 0; i < 12; i++) {
        last = await post(site, '/api/contact', contactBody({ message: `attempt ${i}` }));
        statuses.push(last.status);
        if (last.status === 429) break;
      }
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(5);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await last!.json()).error).toBe('429: You have sent several requests from this connection in the last few minutes, so we paused new ones. Please call us at (512) 368-9159, or try again in 10 minutes.');
    } finally {
      process.env.RATE_LIMIT_DISABLED = '1';
    }
  });

  test('a booking in the area is stored as a booking for the serving office', async () => {
    const name = `Booking ${randomUUID().slice(0, 8)}`;
    const response = await post(site, '/api/booking', bookingBody({ name }));
    expect(response.status).toBe(200);
    const [lead] = await leadsNamed(name);
    expect(lead).toMatchObject({ kind: 'booking', zip: '78654', office_id: 'marble-falls', arrival_window: 'afternoon', message: 'Kitchen sink backs up.', page_context: 'Scheduler (header) on /' });
    const [mail] = await waitForMail(mailDir, name);
    expect(mail).toContain('Office: Marble Falls');
  });

  test('a booking outside the area is refused with the phone number', async () => {
    const response = await post(site, '/api/booking', bookingBody({ zip: '73301' }));
    expect(response.status).toBe(400);
    expect((await response.json()).fields).toEqual({ zip: 'We do not serve ZIP code 73301. Call our Austin office at (512) 368-9159 and we will tell you who can help.' });
  });

  test('hostile input gets a 4xx in the error format, never a 500', async () => {
    const field = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ minLength: 400, maxLength: 3000 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
      fc.constantFrom('\u0000', '\ud800', '<script>alert(1)</script>', "'; drop table leads; --", '💧'.repeat(260), '../../etc/passwd', '__proto__'),
    );
    const mutated = fc.record(
      { name: field, phone: field, email: field, service: field, location: field, urgency: field, message: field, pageContext: field, website: field, formStartTime: field, zip: field, preferredDate: field, arrivalWindow: field, notes: field },
      { requiredKeys: [] },
    );
    const bodies = fc.oneof(
      mutated.map((m) => JSON.stringify(m)),
      fc.tuple(mutated, fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue(), { minKeys: 1, maxKeys: 3 })).map(([m, extra]) => JSON.stringify({ ...contactBody(), ...m, ...extra })),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('{', '{"name":', 'null', '[]', '""', '{"__proto__":{"admin":true}}', JSON.stringify(contactBody({ message: 'x'.repeat(20_000) }))),
    );
    const headers = fc.record({
      contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', ''),
      key: fc.oneof(fc.constant(undefined), fc.uuid(), fc.string({ maxLength: 80 })),
    });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/contact', '/api/booking'), bodies, headers, async (endpoint, body, { contentType, key }) => {
        const init: Record<string, string> = {};
        if (contentType) init['Content-Type'] = contentType;
        if (key !== undefined && /^[\x20-\x7e]*$/.test(key)) init['Idempotency-Key'] = key;
        const response = await fetch(`${site.site.url}${endpoint}`, { method: 'POST', headers: init, body });
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) expect((await response.json()).error).toMatch(errorFormat);
        else await response.body?.cancel();
      }),
      { numRuns: 250 },
    );
  }, 120_000);

  test('other methods are refused with 405 and an Allow header', async () => {
    for (const endpoint of ['/api/contact', '/api/booking']) {
      const response = await fetch(`${site.site.url}${endpoint}`);
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect((await response.json()).error).toMatch(/^405: /);
    }
  });
});

describe('email delivery that fails first and succeeds later', () => {
  test('the lead is stored once and the notification arrives after the retry', async () => {
    const smtp = await startTestSmtpServer({ refuseFirst: 1 });
    const savedEnv = { ...process.env };
    const site = await startTestSite(noDatabaseEnv, { schedules: false });
    const db = createDb(site.site.database.env);
    Object.assign(process.env, { SMTP_URL: smtp.url, STAFF_EMAIL: 'office@example.com', MAIL_FROM: 'Website <website@example.com>', RATE_LIMIT_DISABLED: '1' });
    const warnings = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const name = `Smtp Retry ${randomUUID().slice(0, 8)}`;
      const response = await post(site, '/api/contact', contactBody({ name }));
      expect(response.status).toBe(200);

      // The immediate attempt was refused (451): the message waits for its retry.
      let message;
      for (let i = 0; i < 100; i++) {
        message = await db.selectFrom('outbox_messages').innerJoin('leads', 'leads.id', 'outbox_messages.lead_id').selectAll('outbox_messages').where('leads.name', '=', name).executeTakeFirst();
        if (message?.attempts === 1 && message.locked_until === null) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(message).toMatchObject({ status: 'pending', attempts: 1 });
      expect(message!.last_error).toMatch(/451/);
      expect(smtp.refused).toBe(1);
      expect(smtp.received).toHaveLength(0);

      // A minute later (moved forward here) the scheduled worker runs and delivers it. It has no
      // address (scheduled functions run only on their schedule), so it is called as the scheduler does.
      await sql`update outbox_messages set next_attempt_at = now() where id = ${message!.id}`.execute(db);
      const { default: outboxWorker } = await import('../../netlify/functions/outbox-worker');
      const run = await outboxWorker();
      expect(run.status).toBe(200);
      expect(await run.json()).toEqual({ sent: 1, retrying: 0, dead: 0 });

      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual(['office@example.com']);
      expect(mail!.subject).toContain(name);
      expect(await db.selectFrom('leads').select('id').where('name', '=', name).execute()).toHaveLength(1);
      expect(await db.selectFrom('outbox_messages').select(['status', 'attempts']).where('id', '=', message!.id).executeTakeFirst()).toEqual({ status: 'sent', attempts: 2 });
    } finally {
      warnings.mockRestore();
      process.env = savedEnv;
      await db.destroy();
      await site.stop();
      await smtp.close();
    }
  }, 120_000);
});

describe('a database that stops answering', () => {
  test('the API answers 503 with a sentence offering both phone numbers', async () => {
    const schema = await createTestSchema();
    const target = new URL(schema.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const throughProxy = new URL(schema.url);
    throughProxy.port = String(proxy.port);
    const site = await startTestSite({ ...noDatabaseEnv, DATABASE_URL: throughProxy.toString() }, { schedules: false });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await post(site, '/api/contact', contactBody())).status).toBe(200);
      await proxy.cut();
      for (const [endpoint, body] of [['/api/contact', contactBody()], ['/api/booking', bookingBody()]] as const) {
        const response = await post(site, endpoint, body);
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('60');
        expect(await response.json()).toEqual({
          error: '503: We could not save your request because our system is not answering right now. Please call us at (512) 368-9159 (Austin) or (830) 460-3565 (Marble Falls).',
        });
      }
      expect(logged.mock.calls.map((c) => String(c[0])).some((line) => line.includes('lead not stored: the database is unavailable'))).toBe(true);
    } finally {
      logged.mockRestore();
      await site.stop();
      await schema.drop();
    }
  }, 120_000);
});
