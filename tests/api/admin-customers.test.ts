/**
 * /admin/customers' and /admin/jobs' endpoints over real HTTP on PGlite and PostgreSQL: signed out
 * is a 401 on every one; staff create, edit, search and sort customers and add addresses and jobs
 * (audited); bad input is refused with a sentence; a merge moves addresses, jobs, orders,
 * memberships and leads to the customer kept, in one transaction; leads link to the customer with
 * their email or phone when they arrive and when staff link them; a CSV with one bad row imports
 * nothing and names the row, and a good one imported twice adds its jobs once.
 */
import path from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminCustomerAddressContract, adminCustomerContract, adminCustomerCreateContract, adminCustomerLinkContract, adminCustomerListContract, adminCustomerMergeContract,
  adminCustomerUpdateContract, type CustomerDetail,
} from '../../src/lib/api/admin/customers.contract';
import { adminJobCreateContract, adminJobImportContract, adminJobListContract, adminJobUpdateContract } from '../../src/lib/api/admin/jobs.contract';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { seedProducts } from '../../src/server/repositories/product.repository';
import { newPublicId } from '../../src/server/services/public-id';
import { orderBody, postCheckout } from '../support/checkout-requests';
import { expectHostileAdminCallRefused } from '../support/hostile-admin-call';
import { staffSignIn } from '../support/staff-sign-in';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

const newContracts = [
  adminCustomerListContract, adminCustomerCreateContract, adminCustomerContract, adminCustomerUpdateContract, adminCustomerAddressContract, adminCustomerMergeContract,
  adminCustomerLinkContract, adminJobListContract, adminJobCreateContract, adminJobUpdateContract, adminJobImportContract,
];
const clerk = 'customers.staff@example.com';

describe.each(testDatabaseKinds)('/api/admin/customers and /api/admin/jobs on %s', (kind) => {
  let site: TestSite;
  let db: Kysely<Database>;
  let origin: string;
  let cookie: string;
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
    cookie = await staffSignIn(origin, mailDir).signIn(clerk);
  }, 120_000);
  afterAll(async () => {
    process.env = savedEnv;
    await db?.destroy();
    await site?.stop();
  });

  const call = (method: string, p: string, body?: unknown, who = cookie) =>
    fetch(`${origin}${p}`, { method, headers: { 'Content-Type': 'application/json', Cookie: who, Origin: origin }, body: body === undefined ? undefined : JSON.stringify(body) });
  const ok = async <T>(response: Response, parse: { parse: (v: unknown) => T } = { parse: (v) => v as T }): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return parse.parse(JSON.parse(text));
  };
  const expectRefused = async (response: Response, status: number, pattern?: RegExp) => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    const body = JSON.parse(text) as { error: string; fields?: Record<string, string> };
    expect(body.error).toMatch(errorFormat);
    if (pattern) expect(`${body.error} ${Object.values(body.fields ?? {}).join(' ')}`).toMatch(pattern);
    return body;
  };
  const customer = { name: 'Maria Gonzalez', email: 'Maria.G@example.com', phone: '512-555-0142', company: '', notes: '' };
  const createCustomer = async (input: Record<string, unknown>) => ok(await call('POST', '/api/admin/customers', input), adminCustomerCreateContract.response);
  const detail = async (id: string) => ok(await call('GET', `/api/admin/customers/${id}`), adminCustomerContract.response);
  const job = (customerId: string, extra: Record<string, unknown> = {}) => ({ customerId, addressId: null, service: 'Drain cleaning', completedAt: '2026-11-02', invoiceTotal: '$249.00', paidAt: '', notes: '', externalId: '', ...extra });
  const count = async (table: 'jobs' | 'customers' | 'audit_log') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  test('signed out, every customer and job endpoint is a 401 and changes nothing', async () => {
    const before = await count('customers');
    for (const contract of newContracts) {
      const p = contract.path.replace(':id', newPublicId());
      const response = await fetch(`${origin}${p}`, { method: contract.method, headers: { 'Content-Type': 'application/json', Origin: origin }, body: contract.method === 'GET' ? undefined : JSON.stringify({}) });
      await expectRefused(response, 401, /not signed in/);
    }
    expect(await count('customers')).toBe(before);
  });

  test('staff create a customer (email lower-cased, audited), edit them, add an address and a job, and find them by name, email or phone', async () => {
    const created = await createCustomer(customer);
    expect(created).toMatchObject({ name: 'Maria Gonzalez', email: 'maria.g@example.com', phone: '512-555-0142', company: null, jobCount: 0, addresses: [] });
    expect(created.history).toEqual([expect.objectContaining({ actor: clerk, action: 'customer.add' })]);
    const edited = await ok(await call('PUT', `/api/admin/customers/${created.publicId}`, { ...customer, name: 'María González', notes: 'Prefers mornings.' }), adminCustomerUpdateContract.response);
    expect(edited).toMatchObject({ name: 'María González', notes: 'Prefers mornings.' });
    const withAddress = await ok(await call('POST', `/api/admin/customers/${created.publicId}/addresses`, { line1: '4500 Duval St', line2: '', city: 'Austin', state: 'tx', zip: '78751' }), adminCustomerAddressContract.response);
    expect(withAddress.addresses).toEqual([expect.objectContaining({ line1: '4500 Duval St', state: 'TX', zip: '78751' })]);
    await expectRefused(await call('POST', `/api/admin/customers/${created.publicId}/addresses`, { line1: '4500 Duval Street', line2: '', city: 'Austin', state: 'TX', zip: '78751' }), 409, /already has this address/);
    const added = await ok(await call('POST', '/api/admin/jobs', job(created.publicId, { addressId: withAddress.addresses[0]!.id })), adminJobCreateContract.response);
    expect(added).toMatchObject({ service: 'Drain cleaning', invoiceTotalCents: 24900, source: 'admin', address: '4500 Duval St, Austin, TX 78751', completedAt: '2026-11-02T12:00:00.000Z' });
    const paid = await ok(await call('PUT', `/api/admin/jobs/${added.publicId}`, { addressId: null, service: 'Drain cleaning', completedAt: '2026-11-02', invoiceTotal: '249', paidAt: '11/03/2026', notes: 'Paid by check.', externalId: '' }), adminJobUpdateContract.response);
    expect(paid).toMatchObject({ paidAt: '2026-11-03T12:00:00.000Z', address: null, notes: 'Paid by check.' });
    expect((await db.selectFrom('audit_log').select('action').where('entity', '=', 'job').where('entity_id', '=', added.publicId).orderBy('id').execute()).map((r) => r.action)).toEqual(['job.add', 'job.change']);
    for (const q of ['gonz', 'MARIA.G@', '555-0142', '5550142']) {
      const list = await ok(await call('GET', `/api/admin/customers?q=${encodeURIComponent(q)}`), adminCustomerListContract.response);
      expect(list.rows.map((r) => r.publicId), q).toContain(created.publicId);
    }
    const none = await ok(await call('GET', '/api/admin/customers?q=%25'), adminCustomerListContract.response);
    expect(none.rows.map((r) => r.publicId)).not.toContain(created.publicId);
    expect((await detail(created.publicId)).jobs.map((j) => j.publicId)).toEqual([added.publicId]);
  });

  test('the list is sorted by the column asked for and paged on the server', async () => {
    for (const name of ['Aaron Zimmer', 'Zoe Abbott', 'Mia Brooks']) await createCustomer({ ...customer, name, email: `${name.split(' ')[0]!.toLowerCase()}@example.net`, phone: '' });
    const byName = await ok(await call('GET', '/api/admin/customers?sort=name&dir=asc&pageSize=5'), adminCustomerListContract.response);
    const names = byName.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(byName.total).toBeGreaterThanOrEqual(4);
    const page2 = await ok(await call('GET', '/api/admin/customers?sort=name&dir=asc&pageSize=5&page=2'), adminCustomerListContract.response);
    expect(page2.rows.every((r) => !names.includes(r.name))).toBe(true);
    const byJobs = await ok(await call('GET', '/api/admin/customers?sort=jobs&dir=desc'), adminCustomerListContract.response);
    expect(byJobs.rows[0]!.jobs).toBeGreaterThanOrEqual(1);
  });

  test('bad input is refused with a sentence naming the field, and nothing is stored', async () => {
    const before = await count('customers');
    await expectRefused(await call('POST', '/api/admin/customers', { ...customer, name: '' }), 400, /name/);
    await expectRefused(await call('POST', '/api/admin/customers', { ...customer, email: 'not-an-email', phone: '' }), 400, /valid email/);
    await expectRefused(await call('POST', '/api/admin/customers', { ...customer, email: '', phone: '' }), 400, /email or a phone/);
    await expectRefused(await call('POST', '/api/admin/customers', { ...customer, phone: '555' }), 400, /10-digit/);
    await expectRefused(await call('POST', '/api/admin/customers', { ...customer, admin: true }), 400);
    await expectRefused(await call('POST', '/api/admin/customers', customer), 409, /already has this email/);
    await expectRefused(await call('GET', `/api/admin/customers/${newPublicId()}`), 404);
    await expectRefused(await call('GET', '/api/admin/customers/1'), 404);
    const someone = await createCustomer({ ...customer, name: 'Val Idation', email: 'val@example.org', phone: '' });
    await expectRefused(await call('POST', '/api/admin/jobs', job(someone.publicId, { invoiceTotal: '12.345' })), 400, /dollars/);
    await expectRefused(await call('POST', '/api/admin/jobs', job(someone.publicId, { completedAt: '2026-02-30' })), 400, /2026-11-20/);
    await expectRefused(await call('POST', '/api/admin/jobs', job(someone.publicId, { service: '' })), 400, /service/);
    await expectRefused(await call('POST', '/api/admin/jobs', job(newPublicId())), 400, /customer does not exist/);
    const other = await db.selectFrom('service_addresses').select('id').executeTakeFirstOrThrow();
    await expectRefused(await call('POST', '/api/admin/jobs', job(someone.publicId, { addressId: other.id })), 400, /not one of this customer/);
    await ok(await call('POST', '/api/admin/jobs', job(someone.publicId, { externalId: 'EXT-DUP' })));
    await expectRefused(await call('POST', '/api/admin/jobs', job(someone.publicId, { externalId: 'EXT-DUP' })), 409, /already has the external id/);
    expect(await count('customers')).toBe(before + 1);
  });

  test('a lead with a customer\'s phone is linked when it arrives; older leads and orders are linked when staff ask', async () => {
    const owner = await createCustomer({ ...customer, name: 'Link Tester', email: 'link.tester@example.com', phone: '(737) 555-0100' });
    const lead = await fetch(`${origin}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify({ name: 'Link Tester', phone: '737.555.0100', email: '', service: '', location: '', urgency: '', message: 'Dripping faucet', website: '', formStartTime: Date.now() - 60_000, pageContext: 'Home' }) });
    expect(lead.status, await lead.clone().text()).toBeLessThan(300);
    expect((await detail(owner.publicId)).leads).toHaveLength(1);
    // An older lead and order, from before the customer existed.
    await db.insertInto('leads').values({ reference: 'EPS-OLD001', kind: 'booking', spam_reason: null, name: 'Link T.', phone: '737-555-0100', email: null, service: null, location: null, urgency: null, message: null, page_context: 'test', zip: '78701', preferred_date: '2026-12-01', arrival_window: null, office_id: null, idempotency_key: null, request_hash: 'x', client_hash: null, form_elapsed_ms: null, staff_notes: null, status_changed_at: null, status_changed_by: null, customer_id: null }).execute();
    await db.insertInto('orders').values({ public_id: newPublicId(), order_number: 'EPS-OLD-9', status: 'requested', name: 'Link Tester', email: 'LINK.TESTER@example.com', phone: '7375550000', property_type: 'residential', company: null, contact_person: null, shipping_address: null, billing_same_as_service: true, billing_address: null, total_cents: 5000, payment_method: 'office', request_hash: 'x', customer_id: null }).execute();
    const before = await detail(owner.publicId);
    expect(before.unlinked).toEqual({ leads: 1, orders: 1 });
    const linked = await ok(await call('POST', `/api/admin/customers/${owner.publicId}/link`, {}), adminCustomerLinkContract.response);
    expect(linked.linked).toEqual({ leads: 1, orders: 1 });
    expect(linked.leads.map((l) => l.reference)).toContain('EPS-OLD001');
    expect(linked.orders.map((o) => o.orderNumber)).toEqual(['EPS-OLD-9']);
    expect(linked.unlinked).toEqual({ leads: 0, orders: 0 });
    expect(linked.history[0]).toMatchObject({ action: 'customer.link' });
    const again = await ok(await call('POST', `/api/admin/customers/${owner.publicId}/link`, {}), adminCustomerLinkContract.response);
    expect(again.linked).toEqual({ leads: 0, orders: 0 });
    // A store order placed with the customer's email is theirs from the start.
    const placed = await postCheckout(origin, orderBody({ email: 'Link.Tester@example.com', phone: '(512) 555-0999' }));
    expect(placed.status, await placed.clone().text()).toBeLessThan(300);
    const { orderNumber } = (await placed.json()) as { orderNumber: string };
    expect((await detail(owner.publicId)).orders.map((o) => o.orderNumber)).toContain(orderNumber);
  });

  test('merging moves addresses, jobs, orders, memberships and leads to the customer kept, and marks the duplicate merged', async () => {
    const keeper = await createCustomer({ ...customer, name: 'Sam Keeper', email: 'sam@example.com', phone: '' });
    const duplicate = await createCustomer({ ...customer, name: 'Samuel Keeper', email: '', phone: '512-555-0177', notes: 'Gate code 1234.' });
    await call('POST', `/api/admin/customers/${keeper.publicId}/addresses`, { line1: '10 Elm St', line2: '', city: 'Austin', state: 'TX', zip: '78702' });
    const dupWithAddresses = await ok(await call('POST', `/api/admin/customers/${duplicate.publicId}/addresses`, { line1: '10 Elm Street', line2: '', city: 'Austin', state: 'TX', zip: '78702' }), adminCustomerAddressContract.response);
    const dup2 = await ok(await call('POST', `/api/admin/customers/${duplicate.publicId}/addresses`, { line1: '77 Lake Rd', line2: '', city: 'Marble Falls', state: 'TX', zip: '78654' }), adminCustomerAddressContract.response);
    const [sameAddress, lakeAddress] = dup2.addresses;
    expect(dupWithAddresses.addresses).toHaveLength(1);
    const dupJob = await ok(await call('POST', '/api/admin/jobs', job(duplicate.publicId, { addressId: sameAddress!.id })), adminJobCreateContract.response);
    const dupRow = await db.selectFrom('customers').select('id').where('public_id', '=', duplicate.publicId).executeTakeFirstOrThrow();
    const product = await db.selectFrom('products').select(['id', 'slug', 'name', 'price_cents']).where('kind', '=', 'membership').executeTakeFirstOrThrow();
    const order = await db.insertInto('orders').values({ public_id: newPublicId(), order_number: 'EPS-MERGE-1', status: 'paid', name: 'Samuel Keeper', email: 'samuel@example.com', phone: '512-555-0177', property_type: 'residential', company: null, contact_person: null, shipping_address: null, billing_same_as_service: true, billing_address: null, total_cents: product.price_cents, payment_method: 'office', request_hash: 'x', customer_id: dupRow.id }).returning('id').executeTakeFirstOrThrow();
    const item = await db.insertInto('order_items').values({ order_id: order.id, product_id: product.id, slug: product.slug, name: product.name, kind: 'membership', unit_price_cents: product.price_cents, quantity: 1, term_months: 12, service_address: JSON.stringify({ line1: '77 Lake Rd', city: 'Marble Falls', state: 'TX', zip: '78654' }), address_key: 'k', renews_membership_id: null }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('memberships').values({ public_id: newPublicId(), customer_id: dupRow.id, product_id: product.id, service_address_id: lakeAddress!.id, address_key: 'k', order_id: order.id, order_item_id: item.id, starts_on: '2026-01-01', ends_on: '2026-12-31', visits_included: 1 }).execute();
    await db.insertInto('leads').values({ reference: 'EPS-MRG001', kind: 'estimate', spam_reason: null, name: 'Sam', phone: '512-555-0177', email: null, service: null, location: null, urgency: null, message: null, page_context: 'test', zip: null, preferred_date: null, arrival_window: null, office_id: null, idempotency_key: null, request_hash: 'x', client_hash: null, form_elapsed_ms: null, staff_notes: null, status_changed_at: null, status_changed_by: null, customer_id: dupRow.id }).execute();

    await expectRefused(await call('POST', `/api/admin/customers/${keeper.publicId}/merge`, { duplicateId: keeper.publicId }), 400, /two different/);
    const merged = await ok(await call('POST', `/api/admin/customers/${keeper.publicId}/merge`, { duplicateId: duplicate.publicId }), adminCustomerMergeContract.response);
    expect(merged).toMatchObject({ name: 'Sam Keeper', email: 'sam@example.com', phone: '512-555-0177', notes: 'Gate code 1234.' });
    expect(merged.addresses.map((a) => a.line1).sort()).toEqual(['10 Elm St', '77 Lake Rd']);
    expect(merged.jobs.map((j) => j.publicId)).toEqual([dupJob.publicId]);
    expect(merged.jobs[0]!.addressId).toBe(merged.addresses.find((a) => a.line1 === '10 Elm St')!.id);
    expect(merged.orders.map((o) => o.orderNumber)).toEqual(['EPS-MERGE-1']);
    expect(merged.memberships).toHaveLength(1);
    expect(merged.leads.map((l) => l.reference)).toEqual(['EPS-MRG001']);
    const gone: CustomerDetail = await detail(duplicate.publicId);
    expect(gone).toMatchObject({ mergedInto: { publicId: keeper.publicId }, addresses: [], jobs: [], orders: [], memberships: [], leads: [] });
    const list = await ok(await call('GET', '/api/admin/customers?q=Keeper'), adminCustomerListContract.response);
    expect(list.rows.map((r) => r.publicId)).toEqual([keeper.publicId]);
    expect((await db.selectFrom('audit_log').select('entity_id').where('action', '=', 'customer.merge').execute()).map((r) => r.entity_id).sort()).toEqual([keeper.publicId, duplicate.publicId].sort());
    // Merging it again, or editing the merged record, is refused.
    await expectRefused(await call('POST', `/api/admin/customers/${keeper.publicId}/merge`, { duplicateId: duplicate.publicId }), 409, /already merged/);
    await expectRefused(await call('PUT', `/api/admin/customers/${duplicate.publicId}`, customer), 409, /merged/);
  });

  const csvHeader = 'Job ID,Customer,Email,Phone,Address,City,State,Zip,Service,Completed,Total,Paid';
  const importCsv = (csv: string, mode: 'preview' | 'import', mapping?: Record<string, string>) => call('POST', '/api/admin/jobs/import', { csv, mode, ...(mapping ? { mapping } : {}) });

  test('a CSV with one bad row imports nothing and names the row; fixed, it imports once, and again changes nothing', async () => {
    const good = [
      'CSV-1,Rita Moreno,rita@example.com,512-555-0301,12 Oak Ln,Austin,TX,78704,Leak repair,2026-10-01,"$1,250.00",2026-10-02',
      'CSV-2,"Hill Country Cafe, LLC",,830-555-0302,300 Main St,Marble Falls,TX,78654,Grease trap service,10/15/2026,480,',
    ];
    const bad = 'CSV-3,Bad Row,,,1 Nowhere,Austin,TX,7870,Toilet repair,someday,abc,';
    const before = { jobs: await count('jobs'), customers: await count('customers') };
    const preview = await ok(await importCsv([csvHeader, ...good, bad].join('\n'), 'preview'), adminJobImportContract.response);
    expect(preview.mapping).toMatchObject({ externalId: 'Job ID', customerName: 'Customer', email: 'Email', phone: 'Phone', line1: 'Address', zip: 'Zip', service: 'Service', completedAt: 'Completed', invoiceTotal: 'Total', paidAt: 'Paid' });
    expect(preview.rowCount).toBe(3);
    expect(preview.errors).toHaveLength(1);
    expect(preview.errors[0]!.row).toBe(4);
    expect(preview.errors[0]!.messages.join(' ')).toMatch(/Completed on/);
    expect(preview.errors[0]!.messages.join(' ')).toMatch(/Invoice total/);
    expect(preview.errors[0]!.messages.join(' ')).toMatch(/Email or phone: a row needs one/);
    expect(preview.sample.map((s) => [s.customer, s.invoiceTotalCents, s.action])).toEqual([['Rita Moreno', 125000, 'add'], ['Hill Country Cafe, LLC', 48000, 'add']]);
    const refused = await expectRefused(await importCsv([csvHeader, ...good, bad].join('\n'), 'import'), 400, /nothing was imported/);
    expect(Object.keys(refused.fields ?? {})).toEqual(['row 4']);
    expect({ jobs: await count('jobs'), customers: await count('customers') }).toEqual(before);

    const done = await ok(await importCsv([csvHeader, ...good].join('\r\n'), 'import'), adminJobImportContract.response);
    expect(done.imported).toEqual({ added: 2, updated: 0, unchanged: 0, customersAdded: 2 });
    expect({ jobs: await count('jobs'), customers: await count('customers') }).toEqual({ jobs: before.jobs + 2, customers: before.customers + 2 });
    const again = await ok(await importCsv([csvHeader, ...good].join('\n'), 'import'), adminJobImportContract.response);
    expect(again.imported).toEqual({ added: 0, updated: 0, unchanged: 2, customersAdded: 0 });
    const changed = await ok(await importCsv([csvHeader, good[0]!.replace('"$1,250.00"', '1300')].join('\n'), 'preview'), adminJobImportContract.response);
    expect(changed.sample[0]!.action).toBe('update');
    expect(await count('jobs')).toBe(before.jobs + 2);
    const cafe = await db.selectFrom('jobs').innerJoin('customers', 'customers.id', 'jobs.customer_id').select(['customers.name', 'customers.company', 'jobs.source', 'jobs.paid_at']).where('external_id', '=', 'CSV-2').executeTakeFirstOrThrow();
    expect(cafe).toEqual({ name: 'Hill Country Cafe, LLC', company: null, source: 'csv', paid_at: null });
  });

  test('a chosen mapping, a missing column, broken CSV and oversized files get clear answers and import nothing', async () => {
    const before = await count('jobs');
    const csv = 'ref;who\nA-1;x';
    const semi = await ok(await importCsv('Who,Tel,What\nPat Lee,512-555-0999,Faucet install', 'preview', { customerName: 'Who', phone: 'Tel', service: 'What' }), adminJobImportContract.response);
    expect(semi.errors).toEqual([]);
    expect(semi.sample[0]).toMatchObject({ customer: 'Pat Lee', service: 'Faucet install', action: 'add' });
    const unmapped = await ok(await importCsv(csv, 'preview'), adminJobImportContract.response);
    expect(unmapped.errors[0]!.messages.join(' ')).toMatch(/Choose a column for Customer name, Service, Email or Phone/);
    await expectRefused(await importCsv('Who,What\nx,y', 'preview', { customerName: 'Nope' }), 400, /no column named/);
    await expectRefused(await importCsv('a,b\n"unclosed,1\n', 'preview'), 400, /could not be read as CSV/);
    await expectRefused(await importCsv('a,a\n1,2', 'preview'), 400, /header line/);
    await expectRefused(await importCsv('Customer,Phone,Service', 'preview'), 400, /no rows/);
    await expectRefused(await importCsv(`Customer,Phone,Service\n${'Pat,5125550000,x\n'.repeat(2001)}`, 'preview'), 400, /at most 2,000/);
    await expectRefused(await importCsv('x'.repeat(1_000_001), 'preview'), 400, /1 MB/);
    await expectRefused(await importCsv('Customer,Phone,Service\nPat,5125550000,x', 'delete' as 'import'), 400);
    const dupIds = await ok(await importCsv('Job ID,Customer,Phone,Service\nD-1,Pat,5125550000,x\nD-1,Pat,5125550000,y', 'preview'), adminJobImportContract.response);
    expect(dupIds.errors).toEqual([{ row: 3, messages: [expect.stringMatching(/also on line 2/)] }]);
    const short = await ok(await importCsv('Customer,Phone,Service\nPat,5125550000', 'preview'), adminJobImportContract.response);
    expect(short.errors[0]!.messages[0]).toMatch(/2 columns; the header has 3/);
    expect(await count('jobs')).toBe(before);
  });

  test('hostile input on every new endpoint gets a 4xx with a sentence, never a 500, and changes nothing', async () => {
    const someone = await createCustomer({ ...customer, name: 'Hostile Target', email: 'target@example.org', phone: '' });
    const snapshot = async () => ({ customers: await count('customers'), jobs: await count('jobs'), audit: await count('audit_log') });
    const before = await snapshot();
    const hostileValue = fc.oneof(
      fc.string({ maxLength: 300 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant('\u0000'), fc.constant("' or 1=1 --"), fc.constant('-5'),
      fc.constant('a,b\n"c'), fc.array(fc.string({ maxLength: 50 }), { maxLength: 5 }), fc.object({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...newContracts),
        fc.dictionary(fc.constantFrom('name', 'email', 'phone', 'customerId', 'duplicateId', 'service', 'invoiceTotal', 'csv', 'mapping', 'mode', 'sort', 'dir', 'page', 'q', '__proto__'), hostileValue, { maxKeys: 5 }),
        fc.constantFrom(someone.publicId, newPublicId(), '0', '-1', 'abc', '%00', '1;drop table customers', '..%2F..'),
        (contract, input, id) => expectHostileAdminCallRefused(origin, cookie, contract, input, id),
      ),
      { numRuns: 120 },
    );
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});
