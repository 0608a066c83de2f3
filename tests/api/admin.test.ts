/**
 * Staff sign-in and the /api/admin endpoints over real HTTP, through the served functions and a
 * real database: the emailed code and link, the allowlist, npm run admin:link, session limits,
 * every admin contract refusing the signed-out (401), the wrong role (403) and other origins (403),
 * audited lead changes, and hostile input answered with a 4xx that changes nothing.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminContracts } from '../../src/lib/api';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { insertOutboxMessage } from '../../src/server/repositories/outbox.repository';
import { config as adminFunctionConfig, routedPaths } from '../../netlify/functions/admin';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { staffSignIn } from '../support/staff-sign-in';
import { expectHostileAdminCallRefused } from '../support/hostile-admin-call';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

/**
 * Runs a script without blocking this process, which also serves the site: a blocking run would
 * leave the client's kept-alive sockets to be closed by the server unseen, and the next request fails.
 */
function runScript(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { env, timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const owner = 'owner@example.com';
const clerk = 'clerk@example.com';

describe('staff sign-in and /api/admin', () => {
  let site: TestSite;
  let db: Kysely<Database>;
  let mailDir: string;
  let origin: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    site = await startTestSiteOn('postgres');
    origin = site.site.url;
    mailDir = path.join(site.dir, 'mail');
    process.env.MAIL_DIR = mailDir;
    process.env.RATE_LIMIT_DISABLED = '1';
    delete process.env.SMTP_URL;
    db = createDb(site.site.database.env);
    await upsertStaff(db, { email: owner, role: 'owner', addedBy: 'test' });
    await upsertStaff(db, { email: clerk, role: 'staff', addedBy: 'test' });
  }, 60_000);
  afterAll(async () => {
    process.env = savedEnv;
    await db?.destroy();
    await site?.stop();
  });

  const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${origin}${p}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin, ...headers }, body: JSON.stringify(body) });

  const signing = () => staffSignIn(origin, mailDir);
  const mailsTo = (email: string) => signing().mailsTo(email);
  const codeFor = (email: string) => signing().codeFor(email);
  const signIn = (email: string) => signing().signIn(email);

  test('the admin function routes exactly the paths it declares to Netlify, which are the admin contracts\' paths', () => {
    const declared = [...adminFunctionConfig.path].sort();
    expect([...routedPaths].sort()).toEqual(declared);
    expect([...new Set(adminContracts.map((c) => c.path))].sort()).toEqual(declared);
  });

  test('an allowlisted email gets a code and a link; the code signs in; the session answers who it is', async () => {
    const code = await codeFor(owner);
    const mail = (await mailsTo(owner)).at(-1)!;
    expect(mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(`/admin/oauth-login?email=owner%40example.com&code=${code}`);
    const response = await post('/api/auth/sign-in/email-otp', { email: owner, otp: code });
    const cookie = response.headers.getSetCookie()[0]!.split(';')[0]!;
    const session = await fetch(`${origin}/api/admin/session`, { headers: { Cookie: cookie } });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ email: owner, role: 'owner' });
    // The code works once.
    const again = await post('/api/auth/sign-in/email-otp', { email: owner, otp: code });
    expect(again.status).toBeGreaterThanOrEqual(400);
  });

  test('an email that is not on the staff list gets the same answer, no email and no session', async () => {
    const stranger = 'stranger@example.com';
    const response = await post('/api/auth/email-otp/send-verification-otp', { email: stranger, type: 'sign-in' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(stranger)).toHaveLength(0);
    for (const otp of ['000000', '123456']) {
      const attempt = await post('/api/auth/sign-in/email-otp', { email: stranger, otp });
      expect(attempt.status).toBeGreaterThanOrEqual(400);
      expect(attempt.headers.getSetCookie().filter((c) => c.startsWith('eps.session_token=') && !/Max-Age=0/.test(c))).toHaveLength(0);
    }
    expect(await db.selectFrom('auth_users').select('id').where('email', '=', stranger).execute()).toHaveLength(0);
  });

  test('npm run admin:link prints a one-time sign-in address as its last line', async () => {
    const run = await runScript(['tsx', 'scripts/admin-link.ts', 'Clerk@Example.com'], { ...site.site.database.env, PORT: '4321' });
    expect(run.status, run.stderr).toBe(0);
    const last = run.stdout.trim().split('\n').at(-1)!;
    const url = new URL(last);
    expect(url.pathname).toBe('/admin/oauth-login');
    expect(url.searchParams.get('email')).toBe(clerk);
    expect(url.searchParams.get('code')).toMatch(/^\d{6}$/);
    return post('/api/auth/sign-in/email-otp', { email: clerk, otp: url.searchParams.get('code') }).then((r) => expect(r.status).toBe(200));
  }, 60_000);

  test('admin:link refuses an email that is not staff once staff exist', async () => {
    const run = await runScript(['tsx', 'scripts/admin-link.ts', 'nobody@example.com'], site.site.database.env);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('is not on the staff list');
  }, 60_000);

  test('sign-in attempts are rate limited in the database', async () => {
    delete process.env.RATE_LIMIT_DISABLED;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await post('/api/auth/sign-in/email-otp', { email: 'guess@example.com', otp: String(100000 + i) })).status);
      expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      process.env.RATE_LIMIT_DISABLED = '1';
    }
  });

  const sample = (p: string) => p.replace(/:\w+/g, '1');

  test.each(adminContracts.map((c) => [`${c.method} ${c.path}`, c] as const))('%s answers 401 without a session', async (_name, contract) => {
    const response = await fetch(`${origin}${sample(contract.path)}`, { method: contract.method, headers: { 'Content-Type': 'application/json', Origin: origin }, body: contract.method === 'GET' ? undefined : '{}' });
    expect(response.status).toBe(401);
    expect((await response.json()).error).toMatch(errorFormat);
  });

  test('every admin write from another origin is refused with 403, even with a valid session', async () => {
    const cookie = await signIn(owner);
    for (const contract of adminContracts.filter((c) => c.method !== 'GET')) {
      for (const badOrigin of ['https://evil.example', undefined]) {
        const response = await fetch(`${origin}${sample(contract.path)}`, { method: contract.method, headers: { 'Content-Type': 'application/json', Cookie: cookie, ...(badOrigin ? { Origin: badOrigin } : {}) }, body: '{}' });
        expect(response.status, `${contract.method} ${contract.path} from ${badOrigin ?? 'no origin'}`).toBe(403);
      }
    }
  });

  test('owner-only contracts answer 403 to the staff role', async () => {
    const cookie = await signIn(clerk);
    for (const contract of adminContracts.filter((c) => c.access === 'owner')) {
      const response = await fetch(`${origin}${sample(contract.path)}`, { method: contract.method, headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin }, body: contract.method === 'GET' ? undefined : '{}' });
      expect(response.status).toBe(403);
    }
    const session = await fetch(`${origin}/api/admin/session`, { headers: { Cookie: cookie } });
    expect(await session.json()).toMatchObject({ role: 'staff' });
  });

  test('a session ends after 30 minutes idle, 12 hours after sign-in, when the person is removed, and everywhere on request', async () => {
    const idle = await signIn(clerk);
    await db.updateTable('auth_sessions').set({ expiresAt: new Date(Date.now() - 1000) }).where('token', '=', decodeURIComponent(idle.split('=')[1]!).split('.')[0]!).execute();
    expect((await fetch(`${origin}/api/admin/session`, { headers: { Cookie: idle } })).status).toBe(401);

    const old = await signIn(clerk);
    await db.updateTable('auth_sessions').set({ createdAt: new Date(Date.now() - 13 * 3600 * 1000) }).where('token', '=', decodeURIComponent(old.split('=')[1]!).split('.')[0]!).execute();
    expect((await fetch(`${origin}/api/admin/session`, { headers: { Cookie: old } })).status).toBe(401);

    const [a, b] = [await signIn(clerk), await signIn(clerk)];
    const everywhere = await fetch(`${origin}/api/admin/session/sign-out-everywhere`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: a, Origin: origin }, body: '{}' });
    expect(everywhere.status).toBe(200);
    for (const cookie of [a, b]) expect((await fetch(`${origin}/api/admin/session`, { headers: { Cookie: cookie } })).status).toBe(401);

    const removed = await signIn(clerk);
    await db.updateTable('staff_members').set({ revoked_at: new Date() }).where('email', '=', clerk).execute();
    expect((await fetch(`${origin}/api/admin/session`, { headers: { Cookie: removed } })).status).toBe(401);
    await db.updateTable('staff_members').set({ revoked_at: null }).where('email', '=', clerk).execute();
  });

  test('the inbox lists a lead sent from the public form; a status change and notes are saved and audited', async () => {
    const name = `Inbox ${Math.random().toString(36).slice(2, 8)}`;
    const sent = await post('/api/contact', { name, phone: '(512) 555-0123', email: 'lead@example.com', service: 'leak', message: 'Drip under the sink.', formStartTime: Date.now() - 20_000 });
    expect(sent.status).toBe(200);
    const cookie = await signIn(owner);
    const list = await (await fetch(`${origin}/api/admin/leads?q=${encodeURIComponent(name)}`, { headers: { Cookie: cookie } })).json();
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({ name, status: 'new', service: 'Leak' });
    const id = list.rows[0].id as number;

    const patch = (body: unknown, headers: Record<string, string> = {}) => fetch(`${origin}/api/admin/leads/${id}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin, ...headers }, body: JSON.stringify(body) });
    const changed = await patch({ status: 'contacted', notes: 'Called back, coming Tuesday.' });
    expect(changed.status).toBe(200);
    const detail = await changed.json();
    expect(detail).toMatchObject({ status: 'contacted', notes: 'Called back, coming Tuesday.', statusChangedBy: owner });
    expect(detail.history[0]).toMatchObject({ actor: owner, action: 'lead.status', before: { status: 'new', notes: null }, after: { status: 'contacted', notes: 'Called back, coming Tuesday.' } });
    const audit = await db.selectFrom('audit_log').selectAll().where('entity', '=', 'lead').where('entity_id', '=', String(id)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.request_id).toBeTruthy();

    const csv = await fetch(`${origin}/api/admin/leads.csv?status=all&q=${encodeURIComponent(name)}`, { headers: { Cookie: cookie } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain(`"${name}"`);
  });

  test('a lead keeps the traffic source of its visitor; the overview counts it by source and day, with chats, dead emails and new 404s', async () => {
    const cookie = await signIn(clerk);
    const overviewNow = async () => (await fetch(`${origin}/api/admin/overview`, { headers: { Cookie: cookie } })).json();
    const before = await overviewNow();
    expect(before.byDay).toHaveLength(30);
    const name = `Source ${Math.random().toString(36).slice(2, 8)}`;
    const lead = { name, phone: '(512) 555-0142', message: 'Water heater leaks.', formStartTime: Date.now() - 20_000 };
    expect((await post('/api/contact', lead, { Cookie: 'consent=1; traffic_source=google' })).status).toBe(200);
    // A cookie that is not a channel key is not kept.
    expect((await post('/api/contact', { ...lead, name: `${name} b` }, { Cookie: 'traffic_source=%3Cscript%3E' })).status).toBe(200);
    await db.insertInto('chat_conversations').values({ id: `conv_${name.replace(' ', '_')}`, session_id: `sess_${name.replace(' ', '_')}`, ip_hash: 'x', needs_handoff: true, rating: 4 }).execute();
    const dead = await insertOutboxMessage(db, { topic: 'staff-lead-email', lead_id: null, payload: { to: 'staff', subject: `Dead ${name}`, text: 'Body', html: '<p>Body</p>' } });
    await db.updateTable('outbox_messages').set({ status: 'dead', attempts: 8, last_error: 'refused' }).where('id', '=', dead.id).execute();
    expect((await post('/api/track-404', { requestedUrl: `/missing-${name.replace(' ', '-')}` })).status).toBeLessThan(300);

    const list = await (await fetch(`${origin}/api/admin/leads?q=${encodeURIComponent(name)}&sort=name&dir=asc`, { headers: { Cookie: cookie } })).json();
    expect(list.rows.map((r: { trafficSource: string | null }) => r.trafficSource)).toEqual(['google', null]);
    const after = await overviewNow();
    const sourceCount = (o: { bySource: { source: string | null; count: number }[] }, s: string | null) => o.bySource.find((r) => r.source === s)?.count ?? 0;
    expect(sourceCount(after, 'google')).toBe(sourceCount(before, 'google') + 1);
    expect(sourceCount(after, null)).toBe(sourceCount(before, null) + 1);
    const sum = (o: { byDay: { leads: number; chats: number }[] }, k: 'leads' | 'chats') => o.byDay.reduce((t, d) => t + d[k], 0);
    expect(sum(after, 'leads')).toBe(sum(before, 'leads') + 2);
    expect(sum(after, 'chats')).toBe(sum(before, 'chats') + 1);
    expect(after.chatHandoffs).toBe(before.chatHandoffs + 1);
    expect(after.deadEmails).toBe(before.deadEmails + 1);
    expect(after.newNotFound).toBe(before.newNotFound + 1);
    expect(after.last30Days.ratedChats).toBe(before.last30Days.ratedChats + 1);
    expect(after.last30Days.averageRating).toEqual(expect.any(Number));
  });

  test('the owner adds, demotes and removes staff; removal ends their sessions; every change is audited', async () => {
    const ownerCookie = await signIn(owner);
    const call = (method: string, p: string, body?: unknown, cookie = ownerCookie) =>
      fetch(`${origin}${p}`, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin }, body: body === undefined ? undefined : JSON.stringify(body) });

    const added = await call('POST', '/api/admin/staff', { email: 'New.Hire@Example.com', role: 'staff', name: 'New Hire' });
    expect(added.status).toBe(200);
    const hire = await added.json();
    expect(hire).toMatchObject({ email: 'new.hire@example.com', role: 'staff', revokedAt: null });
    const hireCookie = await signIn('new.hire@example.com');
    expect((await call('GET', '/api/admin/staff', undefined, hireCookie)).status).toBe(403);
    expect((await call('POST', '/api/admin/staff', { email: 'x@example.com', role: 'owner' }, hireCookie)).status).toBe(403);

    const removed = await call('PATCH', `/api/admin/staff/${hire.id}`, { revoked: true });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ activeSessions: 0, revokedAt: expect.any(String) });
    expect((await fetch(`${origin}/api/admin/session`, { headers: { Cookie: hireCookie } })).status).toBe(401);
    const retry = await post('/api/auth/email-otp/send-verification-otp', { email: 'new.hire@example.com', type: 'sign-in' });
    expect(retry.status).toBe(200);

    const list = await (await call('GET', '/api/admin/staff')).json();
    const me = list.staff.find((m: { email: string }) => m.email === owner);
    const selfRemoval = await call('PATCH', `/api/admin/staff/${me.id}`, { revoked: true });
    expect(selfRemoval.status).toBe(409);
    expect((await selfRemoval.json()).error).toMatch(errorFormat);
    expect((await call('PATCH', '/api/admin/staff/999999', { role: 'owner' })).status).toBe(404);

    const audit = await (await call('GET', '/api/admin/audit?entity=staff')).json();
    expect(audit.rows.map((r: { action: string; entityId: string }) => `${r.action} ${r.entityId}`)).toEqual(expect.arrayContaining(['staff.add new.hire@example.com', 'staff.remove new.hire@example.com']));
  });

  test('a dead email is listed with its reason, sent again from the outbox screen, and then shows as sent', async () => {
    const subject = `Dead letter ${Math.random().toString(36).slice(2, 8)}`;
    const message = await insertOutboxMessage(db, { topic: 'staff-lead-email', lead_id: null, payload: { to: 'staff', subject, text: 'Body', html: '<p>Body</p>' } });
    await db.updateTable('outbox_messages').set({ status: 'dead', attempts: 8, last_error: 'SMTP 550 mailbox unavailable' }).where('id', '=', message.id).execute();
    const cookie = await signIn(clerk);
    const list = await (await fetch(`${origin}/api/admin/outbox?status=dead`, { headers: { Cookie: cookie } })).json();
    expect(list.rows.find((r: { id: number }) => r.id === message.id)).toMatchObject({ subject, status: 'dead', attempts: 8, lastError: 'SMTP 550 mailbox unavailable' });
    const resend = () => fetch(`${origin}/api/admin/outbox/${message.id}/resend`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin }, body: '{}' });
    const first = await resend();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ status: 'pending', attempts: 0 });
    await expect.poll(async () => (await db.selectFrom('outbox_messages').select('status').where('id', '=', message.id).executeTakeFirstOrThrow()).status, { timeout: 5000 }).toBe('sent');
    const again = await resend();
    expect(again.status).toBe(409);
    const audit = await db.selectFrom('audit_log').selectAll().where('entity', '=', 'outbox').where('entity_id', '=', String(message.id)).execute();
    expect(audit).toHaveLength(1);
  });

  test('a page metadata override saved in admin is what the public endpoint answers; a bad canonical is refused; delete is audited', async () => {
    const cookie = await signIn(clerk);
    const call = (method: string, body: unknown) => fetch(`${origin}/api/admin/page-metadata`, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin }, body: JSON.stringify(body) });
    const bad = await call('PUT', { path: '/drain-cleaning', title: 'Drains', description: '', canonical: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(errorFormat);
    const empty = await call('PUT', { path: '/drain-cleaning', title: ' ', description: '', canonical: '' });
    expect(empty.status).toBe(400);
    const saved = await call('PUT', { path: '/drain-cleaning/', title: 'Drain cleaning in Austin | Economy Plumbing', description: '', canonical: '' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ path: '/drain-cleaning', title: 'Drain cleaning in Austin | Economy Plumbing', description: null, canonical: null });
    const publicAnswer = await (await fetch(`${origin}/api/page-metadata?path=/drain-cleaning`)).json();
    expect(publicAnswer).toMatchObject({ title: 'Drain cleaning in Austin | Economy Plumbing', description: null });
    const list = await (await fetch(`${origin}/api/admin/page-metadata`, { headers: { Cookie: cookie } })).json();
    expect(list.overrides.map((o: { path: string }) => o.path)).toContain('/drain-cleaning');
    const removed = await call('DELETE', { path: '/drain-cleaning' });
    expect(await removed.json()).toEqual({ deleted: true });
    const audit = await db.selectFrom('audit_log').select('action').where('entity', '=', 'page-metadata').where('entity_id', '=', '/drain-cleaning').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['page-metadata.add', 'page-metadata.delete']);
  });

  test('tracking numbers: a new number and rules reach the public endpoint; exactly one default; bad rules refused', async () => {
    const cookie = await signIn(clerk);
    const call = (method: string, p: string, body?: unknown) => fetch(`${origin}${p}`, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin }, body: body === undefined ? undefined : JSON.stringify(body) });
    await db.insertInto('tracking_numbers').values([
      { channel_key: 'default', is_default: true, sort_order: 0, detection_rules: '{}', display_number: '(512) 368-9159', tel_link: 'tel:+15123689159' },
      { channel_key: 'google', sort_order: 10, detection_rules: JSON.stringify({ urlParams: ['gclid'] }) },
    ]).onConflict((oc) => oc.doNothing()).execute();
    const { channels } = await (await call('GET', '/api/admin/tracking-numbers')).json();
    const google = channels.find((c: { channelKey: string }) => c.channelKey === 'google');
    const def = channels.find((c: { channelKey: string }) => c.channelKey === 'default');
    const fields = { displayNumber: '512.555.0177', isActive: true, isDefault: false, sortOrder: 10, rules: { urlParams: ['gclid', 'gbraid'], utmSources: ['google'], referrerIncludes: [] } };

    const bad = await call('PUT', `/api/admin/tracking-numbers/${google.id}`, { ...fields, rules: { ...fields.rules, urlParams: ['has space'] } });
    expect(bad.status).toBe(400);
    expect((await call('PUT', `/api/admin/tracking-numbers/${google.id}`, { ...fields, displayNumber: '555-01' })).status).toBe(400);
    const saved = await call('PUT', `/api/admin/tracking-numbers/${google.id}`, fields);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ displayNumber: '(512) 555-0177', shownNumber: '(512) 555-0177', rules: { urlParams: ['gclid', 'gbraid'], utmSources: ['google'], referrerIncludes: [] } });
    const stored = await db.selectFrom('tracking_numbers').select(['detection_rules', 'tel_link']).where('id', '=', google.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.detection_rules)).toEqual({ urlParams: ['gclid', 'gbraid'], utmSources: ['google'] });
    expect(stored.tel_link).toBe('tel:+15125550177');
    const served = await (await fetch(`${origin}/api/tracking-numbers`)).json();
    expect(served.trackingNumbers.find((t: { channelKey: string }) => t.channelKey === 'google')).toMatchObject({ displayNumber: '(512) 555-0177', telLink: 'tel:+15125550177' });

    const unsetDefault = await call('PUT', `/api/admin/tracking-numbers/${def.id}`, { displayNumber: null, isActive: true, isDefault: false, sortOrder: 0, rules: { urlParams: [], utmSources: [], referrerIncludes: [] } });
    expect(unsetDefault.status).toBe(409);
    const moved = await call('PUT', `/api/admin/tracking-numbers/${google.id}`, { ...fields, isDefault: true });
    expect(moved.status).toBe(200);
    const defaults = await db.selectFrom('tracking_numbers').select('channel_key').where('is_default', '=', true).execute();
    expect(defaults.map((d) => d.channel_key)).toEqual(['google']);
    await call('PUT', `/api/admin/tracking-numbers/${def.id}`, { displayNumber: null, isActive: true, isDefault: true, sortOrder: 0, rules: { urlParams: [], utmSources: [], referrerIncludes: [] } });
    expect((await db.selectFrom('tracking_numbers').select('channel_key').where('is_default', '=', true).execute()).map((d) => d.channel_key)).toEqual(['default']);
    expect((await call('POST', '/api/admin/tracking-numbers', { channelKey: 'google', ...fields })).status).toBe(409);
    const added = await call('POST', '/api/admin/tracking-numbers', { channelKey: 'Angi', ...fields, displayNumber: '(512) 555-0188', rules: { urlParams: [], utmSources: ['angi'], referrerIncludes: ['angi.com'] } });
    expect(added.status).toBe(200);
    expect(await added.json()).toMatchObject({ channelKey: 'angi', shownNumber: '(512) 555-0188' });
  });

  test('hostile input on every admin endpoint gets a 4xx with a sentence, never a 500, and changes nothing', async () => {
    const cookie = await signIn(owner);
    const before = await db.selectFrom('leads').select(['id', 'status', 'staff_notes']).orderBy('id').execute();
    const auditBefore = (await db.selectFrom('audit_log').select('id').execute()).length;
    const hostileValue = fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.constant(null), fc.constant('\u0000'), fc.constant("' or 1=1 --"), fc.array(fc.string(), { maxLength: 3 }), fc.object({ maxDepth: 2 }));
    await fc.assert(
      fc.asyncProperty(
        // Sign-out-everywhere's one valid body is {}, which really does sign out: it is checked below.
        fc.constantFrom(...adminContracts.filter((c) => !c.path.endsWith('sign-out-everywhere'))),
        fc.dictionary(fc.constantFrom('status', 'notes', 'page', 'pageSize', 'sort', 'dir', 'q', 'kind', 'extra', '__proto__'), hostileValue, { maxKeys: 4 }),
        fc.constantFrom('1', '0', '-1', 'abc', '99999999999', '%00', '1;drop table leads'),
        (contract, input, id) => expectHostileAdminCallRefused(origin, cookie, contract, input, id),
      ),
      { numRuns: 150 },
    );
    for (const body of ['{"all":true}', '[]', 'null', '{"ended":1}']) {
      const response = await fetch(`${origin}/api/admin/session/sign-out-everywhere`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin }, body });
      expect(response.status).toBe(400);
    }
    expect((await fetch(`${origin}/api/admin/session`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect(await db.selectFrom('leads').select(['id', 'status', 'staff_notes']).orderBy('id').execute()).toEqual(before);
    expect((await db.selectFrom('audit_log').select('id').execute()).length).toBe(auditBefore);
  }, 120_000);
});
