/**
 * /admin/commercial-customers' endpoints over real HTTP on PGlite and PostgreSQL: staff add, change
 * and delete customers (each audited with who and before/after, each requesting a publish), the
 * permission box is required and who recorded it and when are kept; only active customers reach the
 * build's read; logos are checked (SVG, wrong magic bytes, oversize, decompression bombs and empty
 * files refused with a 4xx, nothing stored), re-encoded with their size, and deleted with their
 * customer; signed-out callers get 401, other origins 403, a removed staff member 401; hostile input
 * changes nothing.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminCommercialCustomerCreateContract, adminCommercialCustomerDeleteContract, adminCommercialCustomerListContract, adminCommercialCustomerLogoContract, adminCommercialCustomerLogoUploadContract, adminCommercialCustomerUpdateContract,
  type CustomerRow,
} from '../../src/lib/api/admin/commercial-customers.contract';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { listShownCommercialCustomers } from '../../src/server/repositories/commercial-customer.repository';
import { expectHostileAdminCallRefused } from '../support/hostile-admin-call';
import { pngClaiming } from '../support/image-bomb';
import { staffSignIn } from '../support/staff-sign-in';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

const contracts = [adminCommercialCustomerListContract, adminCommercialCustomerCreateContract, adminCommercialCustomerUpdateContract, adminCommercialCustomerDeleteContract, adminCommercialCustomerLogoUploadContract, adminCommercialCustomerLogoContract];
const clerk = 'commercial.clerk@example.com';
const leaver = 'commercial.leaver@example.com';

describe.each(testDatabaseKinds)('/api/admin/commercial-customers on %s', (kind) => {
  let site: TestSite;
  let db: Kysely<Database>;
  let origin: string;
  let cookie: string;
  let signIn: (email: string) => Promise<string>;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    site = await startTestSiteOn(kind);
    origin = site.site.url;
    const mailDir = path.join(site.dir, 'mail');
    process.env.MAIL_DIR = mailDir;
    process.env.UPLOAD_DIR = path.join(site.dir, 'uploads');
    process.env.UPLOAD_STORE = 'files';
    process.env.RATE_LIMIT_DISABLED = '1';
    delete process.env.SMTP_URL;
    delete process.env.NETLIFY_BUILD_HOOK_URL;
    db = createDb(site.site.database.env);
    await upsertStaff(db, { email: clerk, role: 'staff', addedBy: 'test' });
    await upsertStaff(db, { email: leaver, role: 'staff', addedBy: 'test' });
    signIn = staffSignIn(origin, mailDir).signIn;
    cookie = await signIn(clerk);
  }, 120_000);
  afterAll(async () => {
    process.env = savedEnv;
    await db?.destroy();
    await site?.stop();
  });

  const call = (method: string, p: string, body?: unknown, who = cookie) =>
    fetch(`${origin}${p}`, { method, headers: { 'Content-Type': 'application/json', Cookie: who, Origin: origin }, body: body === undefined ? undefined : JSON.stringify(body) });
  const upload = (bytes: Uint8Array, name = 'logo.png', type = 'image/png') => {
    const form = new FormData();
    form.set('logo', new File([bytes.slice()], name, { type }));
    return fetch(`${origin}/api/admin/commercial-customers/logos`, { method: 'POST', headers: { Cookie: cookie, Origin: origin }, body: form });
  };
  const logoPng = async (width = 600, height = 300, background = '#1d4ed8') => new Uint8Array(await sharp({ create: { width, height, channels: 4, background } }).png().toBuffer());
  const storedLogos = async () => (await readdir(path.join(site.dir, 'uploads', 'logos')).catch(() => [])).sort();
  const expectRefused = async (response: Response, status: number, pattern?: RegExp) => {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: string; fields?: Record<string, string> };
    expect(body.error).toMatch(errorFormat);
    if (pattern) expect(`${body.error} ${Object.values(body.fields ?? {}).join(' ')}`).toMatch(pattern);
  };
  const customer = (name: string, extra: Record<string, unknown> = {}) => ({
    name, website: 'https://www.example.com', industry: 'restaurants', customerSince: '2019', sortOrder: 10, active: true, permission: true, logo: null, ...extra,
  });
  const publishRequests = () => db.selectFrom('publish_requests').select(['kind', 'label', 'requested_by']).where('kind', '=', 'commercial-customers').orderBy('id').execute();
  const audit = (id: number) => db.selectFrom('audit_log').select(['action', 'actor_email', 'before', 'after']).where('entity', '=', 'commercial_customer').where('entity_id', '=', String(id)).orderBy('id').execute();
  const snapshot = async () => ({
    customers: await db.selectFrom('commercial_customers').selectAll().orderBy('id').execute(),
    audit: (await db.selectFrom('audit_log').select('id').execute()).length,
    publish: (await db.selectFrom('publish_requests').select('id').execute()).length,
    logos: await storedLogos(),
  });

  test('staff add a customer with a logo (permission recorded, audited, publish requested), change it, replace the logo, hide it and delete it', async () => {
    const uploaded = await upload(await logoPng(1600, 800));
    expect(uploaded.status).toBe(200);
    const logo = await uploaded.json();
    // Scaled down to a web size, with its width and height recorded.
    expect(logo).toMatchObject({ id: expect.stringMatching(/^[a-f0-9]{32}$/), width: 800, height: 400, url: `/api/admin/commercial-customers/logos/${logo.id}` });
    const served = await call('GET', logo.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(await storedLogos()).toEqual([`${logo.id}.jpg`]);

    const before = Date.now();
    const created = await call('POST', '/api/admin/commercial-customers', customer('Hill Country Diner', { logo: logo.id }));
    expect(created.status).toBe(200);
    const row = (await created.json()) as CustomerRow;
    expect(row).toMatchObject({
      name: 'Hill Country Diner', website: 'https://www.example.com', industry: 'restaurants', customerSince: '2019', sortOrder: 10, active: true,
      permissionRecordedBy: clerk, logo: { id: logo.id, width: 800, height: 400 }, updatedBy: clerk,
    });
    expect(new Date(row.permissionRecordedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await audit(row.id)).toEqual([expect.objectContaining({ action: 'commercial-customer.add', actor_email: clerk, before: null })]);
    expect(await publishRequests()).toEqual([{ kind: 'commercial-customers', label: 'Commercial customer added: Hill Country Diner (Restaurant Plumbing)', requested_by: clerk }]);
    expect((await listShownCommercialCustomers(db)).map((c) => c.name)).toContain('Hill Country Diner');

    // A second customer without a logo or website; the list sorts by name, page and order.
    const second = (await (await call('POST', '/api/admin/commercial-customers', customer('Avery Office Park', { industry: 'office-buildings', website: null, customerSince: null, sortOrder: 20 }))).json()) as CustomerRow;
    expect(second).toMatchObject({ website: null, customerSince: null, logo: null });
    const names = async (sort: string) => ((await (await call('GET', `/api/admin/commercial-customers?sort=${sort}`)).json()).customers as CustomerRow[]).map((c) => c.name);
    expect(await names('name')).toEqual(['Avery Office Park', 'Hill Country Diner']);
    expect(await names('order')).toEqual(['Hill Country Diner', 'Avery Office Park']);
    expect(await names('industry')).toEqual(['Avery Office Park', 'Hill Country Diner']);
    expect(await names('since')).toEqual(['Hill Country Diner', 'Avery Office Park']);

    // A new logo replaces the old one, whose file goes.
    const replacement = await (await upload(await logoPng(300, 300, '#b91c1c'))).json();
    const changed = await call('PUT', `/api/admin/commercial-customers/${row.id}`, customer('Hill Country Diner & Bar', { logo: replacement.id, customerSince: '2019-04-01' }));
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ name: 'Hill Country Diner & Bar', customerSince: '2019-04-01', logo: { id: replacement.id, width: 300, height: 300 }, permissionRecordedBy: clerk });
    expect(await storedLogos()).toEqual([`${replacement.id}.jpg`]);

    // Hidden: still listed for staff, gone from what the pages are built from.
    const hidden = await call('PUT', `/api/admin/commercial-customers/${row.id}`, customer('Hill Country Diner & Bar', { logo: replacement.id, active: false }));
    expect((await hidden.json()).active).toBe(false);
    expect((await listShownCommercialCustomers(db)).map((c) => c.name)).toEqual(['Avery Office Park']);

    expect((await call('DELETE', `/api/admin/commercial-customers/${row.id}`, {})).status).toBe(200);
    expect(await storedLogos()).toEqual([]);
    await expectRefused(await call('DELETE', `/api/admin/commercial-customers/${row.id}`, {}), 404);
    await expectRefused(await call('PUT', `/api/admin/commercial-customers/${row.id}`, customer('Gone')), 404);

    const trail = await audit(row.id);
    expect(trail.map((a) => a.action)).toEqual(['commercial-customer.add', 'commercial-customer.change', 'commercial-customer.change', 'commercial-customer.delete']);
    expect(trail.every((a) => a.actor_email === clerk)).toBe(true);
    const asObject = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;
    expect(asObject(trail[1]!.before)).toMatchObject({ name: 'Hill Country Diner', logo: logo.id });
    expect(asObject(trail[1]!.after)).toMatchObject({ name: 'Hill Country Diner & Bar', logo: replacement.id });
    expect(asObject(trail[3]!.before)).toMatchObject({ active: false });
    expect((await publishRequests()).map((r) => r.label)).toEqual([
      'Commercial customer added: Hill Country Diner (Restaurant Plumbing)',
      'Commercial customer added: Avery Office Park (Office Building Plumbing)',
      'Commercial customer changed: Hill Country Diner & Bar (Restaurant Plumbing)',
      'Commercial customer hidden: Hill Country Diner & Bar (Restaurant Plumbing)',
      'Commercial customer deleted: Hill Country Diner & Bar (Restaurant Plumbing)',
    ]);
  });

  test('validation: a website that is not https, an unknown industry, no permission, a bad year and a logo that is not stored are refused with a sentence; nothing changes', async () => {
    const before = await snapshot();
    for (const website of ['http://www.example.com', 'javascript:alert(1)', 'www.example.com', 'https://user:secret@example.com', 'https://localhost', 'ftp://example.com', `https://example.com/${'a'.repeat(300)}`]) {
      await expectRefused(await call('POST', '/api/admin/commercial-customers', customer('Bad Site Co', { website })), 400, /https:\/\/|at most 300/);
    }
    await expectRefused(await call('POST', '/api/admin/commercial-customers', customer('Wrong Page Co', { industry: 'hospitals' })), 400, /restaurants, retail, office buildings or property management/);
    await expectRefused(await call('POST', '/api/admin/commercial-customers', customer('Wrong Page Co', { industry: 'plumber-austin' })), 400, /Choose the commercial page/);
    await expectRefused(await call('POST', '/api/admin/commercial-customers', customer('No Consent Co', { permission: false })), 400, /agreed to be shown/);
    const { permission: _, ...withoutPermission } = customer('No Consent Co');
    await expectRefused(await call('POST', '/api/admin/commercial-customers', withoutPermission), 400, /agreed to be shown/);
    await expectRefused(await call('POST', '/api/admin/commercial-customers', customer('No Consent Co', { permission: 'yes' })), 400, /agreed to be shown/);
    for (const customerSince of ['19', '1850', String(new Date().getFullYear() + 1), '2019-02-30', '2019/04/01', `${new Date().getFullYear() + 1}-01-01`]) {
      await expectRefused(await call('POST', '/api/admin/commercial-customers', customer('Time Travel Co', { customerSince })), 400, /year/);
    }
    await expectRefused(await call('POST', '/api/admin/commercial-customers', customer('')), 400, /company's name/);
    await expectRefused(await call('POST', '/api/admin/commercial-customers', customer('Lost Logo Co', { logo: 'c'.repeat(32) })), 400, /no longer stored/);
    await expectRefused(await call('POST', '/api/admin/commercial-customers', customer('Path Logo Co', { logo: '../../etc/passwd' })), 400, /Upload the logo again/);
    await expectRefused(await call('POST', '/api/admin/commercial-customers', customer('Negative Co', { sortOrder: -1 })), 400, /0 or more/);
    expect(await snapshot()).toEqual(before);
  });

  test('logo safety: SVG, wrong magic bytes, oversize, a decompression bomb, an empty and a broken file are refused with a 4xx and store nothing', async () => {
    const before = await storedLogos();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    await expectRefused(await upload(svg, 'logo.svg', 'image/svg+xml'), 415, /not SVG/);
    await expectRefused(await upload(svg, 'logo.png', 'image/png'), 415, /not SVG/);
    await expectRefused(await upload(new TextEncoder().encode('GIF8 this is not an image at all'), 'logo.gif', 'image/gif'), 415, /JPEG, PNG, WebP/);
    await expectRefused(await upload(new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'logo.jpg', 'image/jpeg'), 415);
    const oversize = new Uint8Array(5 * 1024 * 1024 + 1);
    oversize.set([0xff, 0xd8, 0xff]);
    await expectRefused(await upload(oversize, 'huge.jpg', 'image/jpeg'), 413, /larger than 5 MB/);
    await expectRefused(await upload(pngClaiming(60_000, 60_000), 'bomb.png'), 413, /more than 50 million pixels/);
    await expectRefused(await upload(new Uint8Array(0), 'empty.png'), 400, /empty/);
    const truncated = (await logoPng(40, 40)).slice(0, 60);
    await expectRefused(await upload(truncated, 'broken.png'), 400, /could not be read/);
    // A field other than `logo` is refused too.
    const form = new FormData();
    form.set('picture', new File([await logoPng()], 'logo.png', { type: 'image/png' }));
    const wrongField = await fetch(`${origin}/api/admin/commercial-customers/logos`, { method: 'POST', headers: { Cookie: cookie, Origin: origin }, body: form });
    expect(wrongField.status).toBe(400);
    expect(await storedLogos()).toEqual(before);
    await expectRefused(await call('GET', `/api/admin/commercial-customers/logos/${'b'.repeat(32)}`), 404);
  });

  test('signed-out callers get 401, other origins 403, a removed staff member 401; nothing changes', async () => {
    const before = await snapshot();
    for (const contract of contracts) {
      const p = contract.path.replace(':id', contract.path.includes('logos') ? 'a'.repeat(32) : '1');
      const response = await fetch(`${origin}${p}`, { method: contract.method, headers: { 'Content-Type': 'application/json', Origin: origin }, body: contract.method === 'GET' ? undefined : JSON.stringify(customer('Signed Out Co')) });
      expect(response.status, `${contract.method} ${p}`).toBe(401);
      expect((await response.json()).error).toMatch(errorFormat);
      if (contract.method === 'GET') continue;
      for (const badOrigin of ['https://evil.example', undefined]) {
        const forged = await fetch(`${origin}${p}`, { method: contract.method, headers: { 'Content-Type': 'application/json', Cookie: cookie, ...(badOrigin ? { Origin: badOrigin } : {}) }, body: JSON.stringify(customer('Forged Co')) });
        expect(forged.status, `${contract.method} ${p} from ${badOrigin ?? 'no origin'}`).toBe(403);
      }
    }
    const gone = await signIn(leaver);
    await db.updateTable('staff_members').set({ revoked_at: new Date() }).where('email', '=', leaver).execute();
    expect((await call('POST', '/api/admin/commercial-customers', customer('Former Staff Co'), gone)).status).toBe(401);
    expect((await call('GET', '/api/admin/commercial-customers', undefined, gone)).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  test('hostile input on every endpoint gets a 4xx with a sentence, never a 500, and changes nothing', async () => {
    const existing = (await (await call('POST', '/api/admin/commercial-customers', customer('Fuzz Target Co', { industry: 'retail' }))).json()) as CustomerRow;
    const before = await snapshot();
    const hostileValue = fc.oneof(
      fc.string({ maxLength: 300 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant('\u0000'), fc.constant("' or 1=1 --"), fc.constant('<script>alert(1)</script>'),
      fc.constantFrom('restaurants', 'https://example.com', 'javascript:alert(1)', '2019', '../../etc/passwd', 'x'.repeat(5000), 'a'.repeat(32)), fc.object({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...contracts),
        fc.dictionary(fc.constantFrom('name', 'website', 'industry', 'customerSince', 'sortOrder', 'active', 'permission', 'logo', 'sort', '__proto__'), hostileValue, { maxKeys: 8 }),
        fc.constantFrom(String(existing.id), '999999', '0', '-1', 'abc', '99999999999', '%00', 'a'.repeat(32), '..%2F..'),
        (contract, input, id) => expectHostileAdminCallRefused(origin, cookie, contract, input, id),
      ),
      { numRuns: 120 },
    );
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});
