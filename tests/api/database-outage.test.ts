/**
 * With the database down, every endpoint answers a 503 that offers both office phone numbers, never
 * a 500 or a hang (issue 8, class 8). Each function is called as Netlify calls it, with a request its contract accepts.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { contracts } from '../../src/lib/api';
import { currentSmsDisclosure } from '../../src/lib/sms/program';
import { twilioSignature } from '../../src/server/http/twilio-signature';
import { closeSharedDbs } from '../../src/server/db/connect';

const austin = '(512) 368-9159';
const marbleFalls = '(830) 460-3565';
const ids = { sessionId: `session_${Date.now()}_0123456789abcdef0123456789abcdef`, conversationId: `conv_${Date.now()}_0123456789abcdef0123456789abcdef` };
const origin = 'http://localhost';
const stripeWebhookSecret = 'whsec_database_outage_test';
const jobsWebhookSecret = 'jobs-webhook-secret-for-the-outage-test';
const twilioAuthToken = 'twilio-auth-token-for-the-outage-test';

async function photoForm(): Promise<FormData> {
  const bytes = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();
  const form = new FormData();
  form.set('image', new File([new Uint8Array(bytes)], 'leak.jpg', { type: 'image/jpeg' }));
  form.set('sessionId', ids.sessionId);
  form.set('conversationId', ids.conversationId);
  return form;
}

/** A request each endpoint's contract accepts, so the call reaches the database. */
async function validRequest(contractPath: string, method = 'GET'): Promise<Request> {
  const post = (body: unknown) => new Request(`${origin}${contractPath}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin, 'x-nf-client-connection-ip': '203.0.113.9' }, body: JSON.stringify(body) });
  const lead = { name: 'Outage Test', phone: '(512) 555-0100', formStartTime: Date.now() - 60_000 };
  switch (contractPath) {
    case '/api/contact': return post(lead);
    case '/api/booking': return post({ ...lead, service: 'drain', zip: '78702', preferredDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10), arrivalWindow: 'morning' });
    case '/api/chatbot': return post({ messages: [{ role: 'user', content: 'Do you serve Kyle?' }], pageContext: '/', ...ids });
    case '/api/chatbot/feedback': return post({ messageId: 'msg_1', feedback: 'positive', ...ids });
    case '/api/chatbot/end-conversation': return post({ rating: 5, ...ids });
    case '/api/track-404': return post({ requestedUrl: '/gone' });
    case '/api/chatbot/upload-image': return new Request(`${origin}${contractPath}`, { method: 'POST', headers: { Origin: origin }, body: await photoForm() });
    case '/api/success-stories': {
      const form = new FormData();
      for (const [key, value] of Object.entries({ name: 'Outage Test', city: 'austin', service: 'drain-cleaning', story: 'The drain cleared the same afternoon and has stayed clear.', consent: 'yes', formStartTime: String(Date.now() - 60_000) })) form.set(key, value);
      return new Request(`${origin}${contractPath}`, { method: 'POST', headers: { Origin: origin, 'x-nf-client-connection-ip': '203.0.113.9' }, body: form });
    }
    case '/api/leave-review': {
      if (method === 'GET') return new Request(`${origin}${contractPath}?token=${'A'.repeat(43)}`);
      const form = new FormData();
      for (const [key, value] of Object.entries({ rating: '5', text: 'The drain cleared the same afternoon.', service: 'drain-cleaning', name: 'Outage Test', consent: 'yes', formStartTime: String(Date.now() - 60_000) })) form.set(key, value);
      return new Request(`${origin}${contractPath}`, { method: 'POST', headers: { Origin: origin, 'x-nf-client-connection-ip': '203.0.113.9' }, body: form });
    }
    case '/api/review-photos/:id': return new Request(`${origin}/api/review-photos/${'a'.repeat(32)}`);
    case '/api/chatbot/image/:id': return new Request(`${origin}/api/chatbot/image/${'a'.repeat(32)}`);
    case '/api/reviews': return new Request(`${origin}/api/reviews?minRating=4`);
    case '/api/page-metadata': return new Request(`${origin}/api/page-metadata?path=/`);
    case '/api/checkout': return post({ ...lead, email: 'outage@example.com', items: [{ slug: 'silver-vip-tank', quantity: 1, serviceAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } }], propertyType: 'residential', billingSameAsService: true, acceptTerms: true });
    case '/api/checkout/status': return new Request(`${origin}/api/checkout/status?order=${'a'.repeat(24)}`);
    case '/api/checkout/renewal': return new Request(`${origin}/api/checkout/renewal?token=${'a'.repeat(64)}`, { headers: { 'x-nf-client-connection-ip': '203.0.113.9' } });
    case '/api/webhooks/stripe': {
      const payload = JSON.stringify({ id: 'evt_outage', object: 'event', type: 'checkout.session.completed', data: { object: { object: 'checkout.session', id: 'cs_test_outage', payment_status: 'paid', metadata: {} } } });
      return new Request(`${origin}${contractPath}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: stripeWebhookSecret }) }, body: payload });
    }
    case '/api/referral-offer': return method === 'GET' ? new Request(`${origin}${contractPath}?code=ABCD2345`) : post({ ...lead, consent: true, code: 'ABCD2345' });
    case '/api/refer-a-friend': return post({ yourName: 'Outage Referrer', yourEmail: 'referrer@example.com', friendName: 'Outage Friend', friendPhone: '(512) 555-0101', consent: true, formStartTime: Date.now() - 60_000 });
    case '/api/webhooks/jobs': {
      const payload = JSON.stringify({ external_id: 'OUTAGE-1', customer: { name: 'Outage Test', email: 'outage@example.com' }, service: 'Drain cleaning', completed_at: '2026-11-20', invoice_total_cents: 25000 });
      return new Request(`${origin}${contractPath}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Signature': `sha256=${createHmac('sha256', jobsWebhookSecret).update(payload).digest('hex')}` }, body: payload });
    }
    case '/api/email-preferences': return method === 'GET'
      ? new Request(`${origin}${contractPath}?token=${'a'.repeat(43)}`)
      : new Request(`${origin}${contractPath}`, { method: 'PUT', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify({ token: 'a'.repeat(43), reviewRequests: false, referralEmails: true, serviceReminders: true, offers: true, unsubscribedAll: false }) });
    case '/api/email-preferences/one-click': return new Request(`${origin}${contractPath}?token=${'a'.repeat(43)}&category=review_request`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    case '/api/unsubscribe': return post({ email: 'outage@example.com', formStartTime: Date.now() - 60_000 });
    case '/api/sms-signup': return post({ name: 'Outage Test', phone: '(512) 555-0100', consent: true, disclosureVersion: currentSmsDisclosure.version, formStartTime: Date.now() - 60_000 });
    case '/api/webhooks/twilio': {
      const params = { From: '+15125550100', Body: 'STOP', MessageSid: 'SM0123456789abcdef0123456789abcdef' };
      return new Request(`${origin}${contractPath}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': twilioSignature(twilioAuthToken, `${origin}${contractPath}`, params) }, body: new URLSearchParams(params).toString() });
    }
    default: return new Request(`${origin}${contractPath.replace(/:\w+/g, '1')}`, method === 'GET' ? {} : { method, headers: { 'Content-Type': 'application/json', Origin: origin }, body: '{}' });
  }
}

/** The function file that serves `contractPath` (by its literal config.path). */
async function functionFor(contractPath: string): Promise<(request: Request) => Promise<Response>> {
  const dir = path.resolve('netlify/functions');
  for (const file of await readdir(dir)) {
    const mod = (await import(path.join(dir, file))) as { default: (r: Request) => Promise<Response>; config?: { path?: string | string[] } };
    const paths = [mod.config?.path ?? []].flat();
    if (paths.includes(contractPath)) return mod.default;
  }
  throw new Error(`No function serves ${contractPath}.`);
}

describe('every endpoint with the database down', () => {
  const saved = { url: process.env.DATABASE_URL, label: process.env.DB_LABEL, uploads: process.env.UPLOAD_DIR, store: process.env.UPLOAD_STORE, limit: process.env.CHAT_RATE_LIMIT, stripe: process.env.STRIPE_WEBHOOK_SECRET, jobs: process.env.JOBS_WEBHOOK_SECRET, twilio: process.env.TWILIO_AUTH_TOKEN, site: process.env.PUBLIC_SITE_URL };
  let uploadDir: string;

  beforeAll(async () => {
    await closeSharedDbs();
    // Port 1 on loopback refuses connections at once.
    process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:1/none';
    delete process.env.DB_LABEL;
    uploadDir = await mkdtemp(path.join(tmpdir(), 'epl-outage-'));
    process.env.UPLOAD_DIR = uploadDir;
    process.env.UPLOAD_STORE = 'files';
    process.env.STRIPE_WEBHOOK_SECRET = stripeWebhookSecret;
    process.env.JOBS_WEBHOOK_SECRET = jobsWebhookSecret;
    process.env.TWILIO_AUTH_TOKEN = twilioAuthToken;
    delete process.env.PUBLIC_SITE_URL;
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await closeSharedDbs();
    for (const [key, value] of [['DATABASE_URL', saved.url], ['DB_LABEL', saved.label], ['UPLOAD_DIR', saved.uploads], ['UPLOAD_STORE', saved.store], ['CHAT_RATE_LIMIT', saved.limit], ['STRIPE_WEBHOOK_SECRET', saved.stripe], ['JOBS_WEBHOOK_SECRET', saved.jobs], ['TWILIO_AUTH_TOKEN', saved.twilio], ['PUBLIC_SITE_URL', saved.site]] as const) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await rm(uploadDir, { recursive: true, force: true });
  });

  // The photo server reads no database (photos are files or blobs), nor does opening the one-click
  // unsubscribe address in a browser (it only leads to the preferences page).
  const readsDatabase = contracts.filter((c) => c.path !== '/api/chatbot/image/:id' && !(c.path === '/api/email-preferences/one-click' && c.method === 'GET'));

  test.each(readsDatabase.map((c) => [`${c.method} ${c.path}`, c.path, c.method] as const))('%s answers 503 with both phone numbers', async (_name, contractPath, method) => {
    const handler = await functionFor(contractPath);
    const response = await handler(await validRequest(contractPath, method));
    expect(response.status).toBe(503);
    const { error } = (await response.json()) as { error: string };
    expect(error).toMatch(/^503: /);
    expect(error).toContain(austin);
    expect(error).toContain(marbleFalls);
  }, 30_000);
});
