/**
 * /admin/products' endpoints over real HTTP on PGlite and PostgreSQL: the seeded catalogue with
 * today's prices; staff edit the words and the order but get 403 on prices and sale state, which an
 * owner changes (audited with before and after, and a publish request recorded); bad input refused
 * with a sentence; hostile input answered with a 4xx that changes nothing.
 */
import path from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { memberships, products as shopProducts } from '../../src/business/memberships';
import {
  adminProductCreateContract, adminProductListContract, adminProductOrderContract, adminProductPricingContract, adminProductUpdateContract, type ProductRow,
} from '../../src/lib/api/admin/products.contract';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { seedProducts } from '../../src/server/repositories/product.repository';
import { staffSignIn } from '../support/staff-sign-in';
import { expectHostileAdminCallRefused } from '../support/hostile-admin-call';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

const newContracts = [adminProductListContract, adminProductCreateContract, adminProductOrderContract, adminProductUpdateContract, adminProductPricingContract];
const clerk = 'products.staff@example.com';
const owner = 'products.owner@example.com';

describe.each(testDatabaseKinds)('/api/admin/products on %s', (kind) => {
  let site: TestSite;
  let db: Kysely<Database>;
  let origin: string;
  let staffCookie: string;
  let ownerCookie: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    site = await startTestSiteOn(kind);
    origin = site.site.url;
    const mailDir = path.join(site.dir, 'mail');
    process.env.MAIL_DIR = mailDir;
    process.env.RATE_LIMIT_DISABLED = '1';
    delete process.env.SMTP_URL;
    db = createDb(site.site.database.env);
    await seedProducts(db);
    await upsertStaff(db, { email: clerk, role: 'staff', addedBy: 'test' });
    await upsertStaff(db, { email: owner, role: 'owner', addedBy: 'test' });
    staffCookie = await staffSignIn(origin, mailDir).signIn(clerk);
    ownerCookie = await staffSignIn(origin, mailDir).signIn(owner);
  }, 120_000);
  afterAll(async () => {
    process.env = savedEnv;
    await db?.destroy();
    await site?.stop();
  });

  const call = (cookie: string, method: string, p: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${origin}${p}`, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const list = async (query = ''): Promise<ProductRow[]> => {
    const response = await call(staffCookie, 'GET', `/api/admin/products${query}`);
    expect(response.status).toBe(200);
    return adminProductListContract.response.parse(await response.json()).products;
  };
  const bySlug = async (slug: string) => (await list()).find((p) => p.slug === slug)!;
  const expectRefused = async (response: Response, status: number, pattern?: RegExp) => {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: string; fields?: Record<string, string> };
    expect(body.error).toMatch(errorFormat);
    if (pattern) expect(`${body.error} ${Object.values(body.fields ?? {}).join(' ')}`).toMatch(pattern);
    return body;
  };
  const textOf = (p: ProductRow) => ({ name: p.name, description: p.description, features: p.features, propertyType: p.propertyType, image: p.image });

  test('the list is the seeded catalogue, in order, with today\'s prices in cents', async () => {
    const rows = await list();
    expect(rows.map((p) => p.slug)).toEqual([...memberships.map((m) => m.slug), ...shopProducts.map((p) => p.slug)]);
    expect(rows.map((p) => p.priceCents)).toEqual([...memberships.map((m) => Math.round(m.price * 100)), ...shopProducts.map((p) => Math.round(p.price * 100))]);
    expect(rows.find((p) => p.slug === 'platinum-vip-tank')).toMatchObject({ kind: 'membership', termMonths: 36, active: true, propertyType: 'residential' });
    expect((await list('?sort=price'))[0]?.slug).toBe('bio-pure-septic-drain-rv');
    expect((await list('?sort=name'))[0]?.slug).toBe('bio-pure-septic-drain-rv');
  });

  test('staff change the words; audited and published', async () => {
    const silver = await bySlug('silver-vip-tank');
    const input = { ...textOf(silver), description: 'A yearly visit that keeps your water heater working.', features: [...silver.features, 'Ten percent off repairs'] };
    const response = await call(staffCookie, 'PUT', `/api/admin/products/${silver.id}`, input);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ description: input.description, features: input.features, priceCents: 13925 });
    const audit = await db.selectFrom('audit_log').selectAll().where('entity', '=', 'product').where('entity_id', '=', 'silver-vip-tank').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_email: clerk, action: 'product.change' });
    const publish = await db.selectFrom('publish_requests').selectAll().where('kind', '=', 'products').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(publish).toMatchObject({ requested_by: clerk, label: 'Product Silver VIP Membership (Tank Water Heater) changed' });
  });

  test('staff cannot change a price, take a product off sale or add one (403); nothing changes', async () => {
    const silver = await bySlug('silver-vip-tank');
    await expectRefused(await call(staffCookie, 'PATCH', `/api/admin/products/${silver.id}`, { price: '1.00' }), 403);
    await expectRefused(await call(staffCookie, 'PATCH', `/api/admin/products/${silver.id}`, { active: false }), 403);
    await expectRefused(await call(staffCookie, 'POST', '/api/admin/products', { slug: 'x' }), 403);
    expect(await bySlug('silver-vip-tank')).toMatchObject({ priceCents: 13925, active: true });
  });

  test('an owner changes a price as typed in dollars: audited with before and after, publish request recorded', async () => {
    const silver = await bySlug('silver-vip-tank');
    const response = await call(ownerCookie, 'PATCH', `/api/admin/products/${silver.id}`, { price: '$149.50' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ priceCents: 14950 });
    const audit = await db.selectFrom('audit_log').selectAll().where('entity', '=', 'product').where('action', '=', 'product.price').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_email: owner, entity_id: 'silver-vip-tank' });
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(parse(audit.before)).toMatchObject({ price: '$139.25', priceCents: 13925 });
    expect(parse(audit.after)).toMatchObject({ price: '$149.50', priceCents: 14950 });
    const publish = await db.selectFrom('publish_requests').selectAll().where('kind', '=', 'products').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(publish).toMatchObject({ requested_by: owner, label: 'Product Silver VIP Membership (Tank Water Heater): price $139.25 → $149.50' });
  });

  test('an owner takes a product off sale and adds one; staff reorder the store', async () => {
    const rental = await bySlug('rental-vip');
    expect((await call(ownerCookie, 'PATCH', `/api/admin/products/${rental.id}`, { active: false })).status).toBe(200);
    expect(await bySlug('rental-vip')).toMatchObject({ active: false });
    const created = await call(ownerCookie, 'POST', '/api/admin/products', {
      slug: 'drain-maintenance-kit', kind: 'product', name: 'Drain maintenance kit', description: '', features: [], propertyType: 'residential', image: null, price: '24.99', termMonths: null, active: true,
    });
    expect(created.status).toBe(200);
    const kit = (await created.json()) as ProductRow;
    expect(kit).toMatchObject({ priceCents: 2499, termMonths: null });
    const ids = (await list()).map((p) => p.id);
    const reordered = await call(staffCookie, 'PATCH', '/api/admin/products', { ids: [kit.id, ...ids.filter((id) => id !== kit.id)] });
    expect(reordered.status).toBe(200);
    expect((await list())[0]?.slug).toBe('drain-maintenance-kit');
  });

  test('bad input is refused with a sentence naming what to fix', async () => {
    const silver = await bySlug('silver-vip-tank');
    const base = textOf(silver);
    for (const [price, pattern] of [['0.50', /between \$1 and \$100,000/], ['100000.01', /between \$1 and \$100,000/], ['12.345', /dollars and cents/], ['abc', /dollars and cents/]] as const) {
      await expectRefused(await call(ownerCookie, 'PATCH', `/api/admin/products/${silver.id}`, { price }), 400, pattern);
    }
    await expectRefused(await call(ownerCookie, 'PATCH', `/api/admin/products/${silver.id}`, { termMonths: 61 }), 400, /at most 60 months/);
    await expectRefused(await call(ownerCookie, 'PATCH', `/api/admin/products/${(await bySlug('bio-pure-septic-drain-rv')).id}`, { termMonths: 12 }), 400, /Only memberships have a term/);
    await expectRefused(await call(ownerCookie, 'PATCH', `/api/admin/products/${silver.id}`, {}), 400, /price, a term/);
    await expectRefused(await call(staffCookie, 'PUT', `/api/admin/products/${silver.id}`, { ...base, features: [] }), 400, /at least one/);
    await expectRefused(await call(staffCookie, 'PUT', `/api/admin/products/${silver.id}`, { ...base, features: Array.from({ length: 13 }, (_, i) => `Feature ${i}`) }), 400, /At most 12 features/);
    await expectRefused(await call(staffCookie, 'PUT', `/api/admin/products/${silver.id}`, { ...base, features: ['x'.repeat(121)] }), 400, /120 characters/);
    const newOne = { kind: 'membership', name: 'Gold VIP', description: '', features: ['Two visits'], propertyType: 'residential', image: null, price: '99', termMonths: 12, active: false };
    await expectRefused(await call(ownerCookie, 'POST', '/api/admin/products', { ...newOne, slug: 'Gold VIP!' }), 400, /lower-case letters and digits/);
    await expectRefused(await call(ownerCookie, 'POST', '/api/admin/products', { ...newOne, slug: 'silver-vip-tank' }), 409, /silver-vip-tank is already used/);
    await expectRefused(await call(ownerCookie, 'POST', '/api/admin/products', { ...newOne, slug: 'cart' }), 400, /store uses "cart" and "success" for its own pages/);
    await expectRefused(await call(ownerCookie, 'POST', '/api/admin/products', { ...newOne, slug: 'gold-vip', termMonths: null }), 400, /needs a term/);
    await expectRefused(await call(staffCookie, 'PATCH', '/api/admin/products', { ids: [silver.id] }), 409, /Reload the page/);
    await expectRefused(await call(ownerCookie, 'PATCH', '/api/admin/products/999999', { price: '10' }), 404);
    expect(await bySlug('silver-vip-tank')).toMatchObject({ priceCents: 14950, termMonths: 12 });
  });

  test('hostile input on every new endpoint gets a 4xx with a sentence, never a 500, and changes nothing', async () => {
    const silver = await bySlug('silver-vip-tank');
    const snapshot = async () => ({
      products: await db.selectFrom('products').selectAll().orderBy('id').execute(),
      audit: (await db.selectFrom('audit_log').select('id').execute()).length,
      publish: (await db.selectFrom('publish_requests').select('id').execute()).length,
    });
    const before = await snapshot();
    const hostileValue = fc.oneof(
      fc.string({ maxLength: 300 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant('\u0000'), fc.constant("' or 1=1 --"), fc.constant('-5'),
      fc.constant('1e9'), fc.constant('$99,999.999'), fc.array(fc.string({ maxLength: 130 }), { maxLength: 14 }), fc.array(fc.integer(), { maxLength: 3 }), fc.object({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...newContracts),
        fc.dictionary(fc.constantFrom('slug', 'kind', 'name', 'description', 'features', 'propertyType', 'image', 'price', 'termMonths', 'active', 'ids', 'sort', '__proto__'), hostileValue, { maxKeys: 5 }),
        fc.constantFrom(String(silver.id), '999999', '0', '-1', 'abc', '99999999999', '%00', '1;drop table products', '..%2F..'),
        fc.boolean(),
        (contract, input, id, asOwner) => expectHostileAdminCallRefused(origin, asOwner ? ownerCookie : staffCookie, contract, input, id),
      ),
      { numRuns: 120 },
    );
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});
