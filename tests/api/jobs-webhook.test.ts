/**
 * POST /api/webhooks/jobs over real HTTP on PGlite and PostgreSQL: a job signed with
 * JOBS_WEBHOOK_SECRET is stored with its customer (matched by email or phone, or created); the same
 * body again (three times at once, too) is stored once and answers the same job; a changed body
 * updates that job; a missing or wrong signature is a 400 and stores nothing; malformed, oversized
 * and hostile bodies are a 4xx, never a 500; without the secret the webhook answers 503 saying so.
 */
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobsWebhookContract } from '../../src/lib/api/jobs-webhook.contract';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { insertCustomer } from '../../src/server/repositories/customer.repository';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

const secret = 'test-jobs-webhook-secret-0123456789';
const sign = (body: string | Buffer, key = secret) => `sha256=${createHmac('sha256', key).update(body).digest('hex')}`;

describe.each(testDatabaseKinds)('the jobs webhook on %s', (kind) => {
  let site: TestSite;
  let db: Kysely<Database>;
  let url: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    site = await startTestSiteOn(kind);
    url = `${site.site.url}/api/webhooks/jobs`;
    process.env.JOBS_WEBHOOK_SECRET = secret;
    db = createDb(site.site.database.env);
  }, 120_000);
  afterAll(async () => {
    process.env = savedEnv;
    await db?.destroy();
    await site?.stop();
  });

  const post = (body: string | Buffer, headers: Record<string, string> = { 'X-Signature': sign(body) }) =>
    fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : new Uint8Array(body) });
  const job = (overrides: Record<string, unknown> = {}) => ({
    external_id: 'ST-1001',
    customer: { name: 'Dana Whitfield', email: 'Dana.Whitfield@example.com', phone: '(512) 555-0101' },
    service_address: { line1: '1200 Barton Springs Rd', city: 'Austin', state: 'TX', zip: '78704' },
    service: 'Water heater replacement',
    completed_at: '2026-11-20',
    invoice_total_cents: 185000,
    paid_at: '2026-11-21T15:30:00-06:00',
    notes: 'Replaced 50-gallon tank.',
    ...overrides,
  });
  const counts = async () => ({
    jobs: Number((await db.selectFrom('jobs').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
    customers: Number((await db.selectFrom('customers').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
  });
  const expectError = async (response: Response, status: number, pattern?: RegExp) => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    const body = JSON.parse(text) as { error: string; fields?: Record<string, string> };
    expect(body.error).toMatch(errorFormat);
    if (pattern) expect(`${body.error} ${Object.values(body.fields ?? {}).join(' ')}`).toMatch(pattern);
  };

  test('a signed job is stored with a new customer and address; the same body again is stored once and answers the same job', async () => {
    const body = JSON.stringify(job());
    const first = await post(body);
    expect(first.status).toBe(200);
    const answer = jobsWebhookContract.response.parse(await first.json());
    expect(answer).toMatchObject({ outcome: 'created', job: { external_id: 'ST-1001', service: 'Water heater replacement', invoice_total_cents: 185000, completed_at: '2026-11-20T12:00:00.000Z', paid_at: '2026-11-21T21:30:00.000Z' } });
    const before = await counts();
    const replays = await Promise.all([post(body), post(body), post(body)]);
    for (const replay of replays) {
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ ...answer, outcome: 'unchanged' });
    }
    expect(await counts()).toEqual(before);
    const stored = await db.selectFrom('jobs').innerJoin('customers', 'customers.id', 'jobs.customer_id').select(['jobs.source', 'customers.email', 'customers.phone_digits', 'customers.public_id']).where('external_id', '=', 'ST-1001').execute();
    expect(stored).toEqual([{ source: 'webhook', email: 'dana.whitfield@example.com', phone_digits: '5125550101', public_id: answer.job.customer_id }]);
    expect(await db.selectFrom('service_addresses').select('line1').where('customer_id', '=', (await db.selectFrom('customers').select('id').where('public_id', '=', answer.job.customer_id).executeTakeFirstOrThrow()).id).execute()).toEqual([{ line1: '1200 Barton Springs Rd' }]);
    const audits = await db.selectFrom('audit_log').select(['actor_email', 'action']).where('entity', '=', 'job').where('entity_id', '=', answer.job.id).execute();
    expect(audits).toEqual([{ actor_email: 'webhook:jobs', action: 'job.add' }]);
  });

  test('a changed body for the same external id updates that job, not a second one', async () => {
    const before = await counts();
    const response = await post(JSON.stringify(job({ paid_at: null, invoice_total_cents: 190000 })));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: 'updated', job: { external_id: 'ST-1001', invoice_total_cents: 190000, paid_at: null } });
    expect(await counts()).toEqual(before);
  });

  test('a job for a known phone number joins that customer', async () => {
    const known = await insertCustomer(db, { public_id: 'known-customer-public-id-01', name: 'Luis Ortega', email: null, phone: '830-555-0199', phone_digits: '8305550199', company: null, property_type: null });
    const response = await post(JSON.stringify(job({ external_id: 'HCP-77', customer: { name: 'L. Ortega', phone: '+1 (830) 555-0199' }, service_address: null })));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: 'created', job: { customer_id: known.public_id } });
  });

  test('a missing or wrong signature is a 400 and stores nothing', async () => {
    const before = await counts();
    const body = JSON.stringify(job({ external_id: 'FORGED-1' }));
    await expectError(await post(body, {}), 400, /X-Signature header is missing/);
    await expectError(await post(body, { 'X-Signature': sign(body, 'another-secret-entirely-000') }), 400, /does not match/);
    await expectError(await post(body, { 'X-Signature': sign(`${body} `) }), 400, /does not match/);
    await expectError(await post(body, { 'X-Signature': sign(body).replace('sha256=', '') }), 400, /does not match/);
    await expectError(await post(body, { 'X-Signature': 'sha256=zz' }), 400, /does not match/);
    await expectError(await post(body, { 'X-Signature': `sha256=${'0'.repeat(64)}` }), 400, /does not match/);
    expect(await counts()).toEqual(before);
  });

  test('malformed, invalid and oversized bodies are a 4xx with a sentence, never a 500, and store nothing', async () => {
    const before = await counts();
    await expectError(await post('{"external_id": "X-1",'), 400, /not valid JSON/);
    await expectError(await post(''), 400);
    await expectError(await post('[1,2,3]'), 400, /JSON object/);
    await expectError(await post(Buffer.from([0xff, 0xfe, 0x00])), 400, /not valid JSON/);
    await expectError(await post(JSON.stringify(job({ external_id: undefined }))), 400, /external_id/);
    await expectError(await post(JSON.stringify(job({ customer: { name: 'No Contact' } }))), 400, /email or a phone/);
    await expectError(await post(JSON.stringify(job({ invoice_total_cents: -5 }))), 400, /invoice_total_cents/);
    await expectError(await post(JSON.stringify(job({ completed_at: 'yesterday' }))), 400, /completed_at/);
    await expectError(await post(JSON.stringify(job({ notes: 'a\u0000b' }))), 400, /NUL/);
    await expectError(await post(JSON.stringify(job({ notes: 'x'.repeat(70 * 1024) }))), 413);
    expect(await counts()).toEqual(before);
  });

  test('hostile bodies, signed, are a 4xx or a stored job, never a 500', async () => {
    const hostile = fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant("' or 1=1 --"), fc.constant('\u0000'), fc.object({ maxDepth: 2 }), fc.array(fc.string(), { maxLength: 3 }));
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('external_id', 'customer', 'service_address', 'service', 'completed_at', 'invoice_total_cents', 'paid_at', 'notes', '__proto__'), hostile, { maxKeys: 4 }),
        async (overrides) => {
          const body = JSON.stringify(job({ external_id: `FUZZ-${Math.random()}`, ...overrides }));
          const response = await post(body);
          const text = await response.text();
          expect(response.status, text).not.toBeGreaterThanOrEqual(500);
          if (response.status !== 200) expect(JSON.parse(text).error).toMatch(errorFormat);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  test('other methods get a 405; without the secret the webhook answers 503 and says which setting is missing', async () => {
    const get = await fetch(url);
    expect(get.status).toBe(405);
    delete process.env.JOBS_WEBHOOK_SECRET;
    try {
      const body = JSON.stringify(job({ external_id: 'NO-SECRET-1' }));
      await expectError(await post(body), 503, /JOBS_WEBHOOK_SECRET is not configured/);
      expect(await db.selectFrom('jobs').select('id').where('external_id', '=', 'NO-SECRET-1').execute()).toEqual([]);
    } finally {
      process.env.JOBS_WEBHOOK_SECRET = secret;
    }
  });
});
