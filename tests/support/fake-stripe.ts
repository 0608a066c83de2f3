/**
 * A local stand-in for Stripe, speaking the REST calls the site makes (form-encoded, Bearer key,
 * Stripe-shaped JSON and errors) and playing Stripe's hosted payment page and webhooks.
 *
 *   const stripe = await startFakeStripe();
 *   Object.assign(process.env, stripe.env);          // STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_HOST/PORT/PROTOCOL
 *   stripe.webhookUrl = `${site.url}/api/webhooks/stripe`;   // where events go (set once the site runs)
 *
 * API served:   POST /v1/checkout/sessions · GET /v1/checkout/sessions/:id · POST /v1/refunds
 * Payment page: GET  <session.url> = /pay/:id shows the order and three buttons:
 *   "Pay" → checkout.session.completed (payment_status paid), then 303 to success_url;
 *   "Pay by bank, succeeds later" → completed (unpaid), 303, then …async_payment_succeeded after asyncDelayMs;
 *   "Pay by bank, fails later"    → completed (unpaid), 303, then …async_payment_failed after asyncDelayMs.
 *   A "Cancel" link goes to cancel_url. Each event is signed with the SDK's generateTestHeaderString.
 *
 * For tests: `sessions` (by id), `requests` (every API call), `deliveries` (each webhook sent and the
 * status it got), `failNext(status)` (the next API call answers a Stripe error), `event(type, id)`
 * (a signed event without sending it) and `send(type, id)` (sign and post it), `stop()`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string | null;
  success_url: string;
  cancel_url: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  payment_intent: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  /** Not part of Stripe's session object; kept here for tests (Stripe lists them at /line_items). */
  line_items: { name: string; description?: string; unit_amount: number; quantity: number; currency: string }[];
}

export interface FakeStripe {
  url: string;
  env: Record<'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_HOST' | 'STRIPE_API_PORT' | 'STRIPE_API_PROTOCOL', string>;
  webhookUrl: string | undefined;
  /** Wait between the payment page and the later async event. */
  asyncDelayMs: number;
  sessions: Map<string, FakeSession>;
  requests: { method: string; path: string; params: Record<string, unknown>; idempotencyKey: string | undefined }[];
  deliveries: { type: string; eventId: string; status: number }[];
  refunds: { id: string; payment_intent: string; amount: number }[];
  failNext(status?: number, message?: string): void;
  event(type: string, sessionId: string, options?: { timestamp?: number; secret?: string; session?: Partial<FakeSession> }): { body: string; signature: string; id: string };
  send(type: string, sessionId: string, options?: { session?: Partial<FakeSession> }): Promise<number>;
  stop(): Promise<void>;
}

const secretKey = 'sk_test_fake_local_stripe';

/** `a[b][0][c]=1` form fields as nested objects and arrays, the way Stripe reads them. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: any = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]!);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

const readBody = (req: IncomingMessage) => new Promise<string>((resolve) => {
  let text = '';
  req.on('data', (chunk) => (text += chunk));
  req.on('end', () => resolve(text));
});

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

class StripeFailure extends Error {
  constructor(readonly status: number, message: string, readonly type = 'invalid_request_error', readonly param?: string, readonly code?: string) {
    super(message);
  }
}

export async function startFakeStripe(options: { webhookSecret?: string; asyncDelayMs?: number } = {}): Promise<FakeStripe> {
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, { status: number; body: string }>();
  const requests: FakeStripe['requests'] = [];
  const deliveries: FakeStripe['deliveries'] = [];
  const refunds: FakeStripe['refunds'] = [];
  const failures: { status: number; message: string }[] = [];
  let origin = '';

  function createSession(params: Record<string, any>): FakeSession {
    if (params.mode !== 'payment') throw new StripeFailure(400, 'Missing required param: mode.', 'invalid_request_error', 'mode');
    if (!params.success_url) throw new StripeFailure(400, 'Missing required param: success_url.', 'invalid_request_error', 'success_url');
    const lines = params.line_items;
    if (!Array.isArray(lines) || lines.length === 0) throw new StripeFailure(400, 'Missing required param: line_items.', 'invalid_request_error', 'line_items');
    const line_items = lines.map((line: any, i: number) => {
      const unit = Number(line?.price_data?.unit_amount);
      const quantity = Number(line?.quantity);
      const name = line?.price_data?.product_data?.name;
      if (!Number.isInteger(unit) || unit < 1) throw new StripeFailure(400, 'Invalid integer: unit_amount.', 'invalid_request_error', `line_items[${i}][price_data][unit_amount]`);
      if (!Number.isInteger(quantity) || quantity < 1) throw new StripeFailure(400, 'Invalid integer: quantity.', 'invalid_request_error', `line_items[${i}][quantity]`);
      if (!name) throw new StripeFailure(400, 'Missing required param: product_data[name].', 'invalid_request_error', `line_items[${i}][price_data][product_data][name]`);
      return { name, ...(line.price_data.product_data.description ? { description: line.price_data.product_data.description } : {}), unit_amount: unit, quantity, currency: line.price_data.currency ?? 'usd' };
    });
    const total = line_items.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0);
    const sessionId = id('cs_test');
    const now = Math.floor(Date.now() / 1000);
    const session: FakeSession = {
      id: sessionId, object: 'checkout.session', mode: 'payment', status: 'open', payment_status: 'unpaid', url: `${origin}/pay/${sessionId}`,
      success_url: params.success_url, cancel_url: params.cancel_url ?? null, customer_email: params.customer_email ?? null,
      client_reference_id: params.client_reference_id ?? null, metadata: params.metadata ?? {}, amount_subtotal: total, amount_total: total,
      currency: 'usd', payment_intent: null, created: now, expires_at: now + 24 * 3600, livemode: false, line_items,
    };
    sessions.set(sessionId, session);
    return session;
  }

  const publicSession = (session: FakeSession) => {
    const { line_items: _lines, ...rest } = session;
    return rest;
  };

  function event(type: string, sessionId: string, eventOptions: { timestamp?: number; secret?: string; session?: Partial<FakeSession> } = {}) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
    const eventId = id('evt');
    const body = JSON.stringify({
      id: eventId, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), type, livemode: false,
      pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object: { ...publicSession(session), ...eventOptions.session } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: eventOptions.secret ?? webhookSecret, ...(eventOptions.timestamp ? { timestamp: eventOptions.timestamp } : {}) });
    return { body, signature, id: eventId };
  }

  async function send(type: string, sessionId: string, sendOptions: { session?: Partial<FakeSession> } = {}): Promise<number> {
    if (!fake.webhookUrl) throw new Error('fake Stripe: set webhookUrl before sending events');
    const signed = event(type, sessionId, sendOptions);
    const response = await fetch(fake.webhookUrl, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signed.signature }, body: signed.body });
    await response.arrayBuffer();
    deliveries.push({ type, eventId: signed.id, status: response.status });
    return response.status;
  }

  function paymentPage(session: FakeSession): string {
    const rows = session.line_items.map((l) => `<li>${escapeHtml(l.name)}${l.description ? ` (${escapeHtml(l.description)})` : ''}: ${l.quantity} × $${(l.unit_amount / 100).toFixed(2)}</li>`).join('');
    const button = (action: string, label: string) => `<button type="submit" name="action" value="${action}">${escapeHtml(label)}</button>`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Pay (test Stripe)</title></head><body><main>
<h1>Pay $${(session.amount_total / 100).toFixed(2)}</h1><p>Test payment page; nothing is charged.</p><ul>${rows}</ul>
${session.status === 'open' ? `<form method="post">${button('pay', 'Pay')} ${button('async-succeed', 'Pay by bank, succeeds later')} ${button('async-fail', 'Pay by bank, fails later')}</form>` : `<p>This session is ${session.status}.</p>`}
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : ''}</main></body></html>`;
  }

  async function pay(session: FakeSession, action: string): Promise<void> {
    session.status = 'complete';
    session.payment_intent = id('pi');
    if (action === 'pay') {
      session.payment_status = 'paid';
      await send('checkout.session.completed', session.id);
      return;
    }
    await send('checkout.session.completed', session.id);
    setTimeout(() => {
      if (action === 'async-succeed') session.payment_status = 'paid';
      void send(action === 'async-succeed' ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', session.id).catch(() => {});
    }, fake.asyncDelayMs);
  }

  function api(method: string, path: string, params: Record<string, any>): unknown {
    if (method === 'POST' && path === '/v1/checkout/sessions') return publicSession(createSession(params));
    const get = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === 'GET' && get) {
      const session = sessions.get(get[1]!);
      if (!session) throw new StripeFailure(404, `No such checkout.session: '${get[1]}'`, 'invalid_request_error', 'session', 'resource_missing');
      return publicSession(session);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const session = [...sessions.values()].find((s) => s.payment_intent && s.payment_intent === params.payment_intent);
      if (!session) throw new StripeFailure(400, `No such payment_intent: '${String(params.payment_intent)}'`, 'invalid_request_error', 'payment_intent', 'resource_missing');
      const amount = params.amount === undefined ? session.amount_total : Number(params.amount);
      const refunded = refunds.filter((r) => r.payment_intent === session.payment_intent).reduce((sum, r) => sum + r.amount, 0);
      if (!Number.isInteger(amount) || amount < 1 || refunded + amount > session.amount_total) throw new StripeFailure(400, 'Refund amount is greater than the unrefunded amount on the charge.', 'invalid_request_error', 'amount', 'charge_already_refunded');
      const refund = { id: id('re'), payment_intent: session.payment_intent!, amount };
      refunds.push(refund);
      return { ...refund, object: 'refund', currency: 'usd', status: 'succeeded', created: Math.floor(Date.now() / 1000) };
    }
    throw new StripeFailure(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  function reply(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req'), ...headers }).end(body);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const text = await readBody(req);
      const page = /^\/pay\/([A-Za-z0-9_]+)$/.exec(url.pathname);
      if (page) {
        const session = sessions.get(page[1]!);
        if (!session) {
          res.writeHead(404, { 'Content-Type': 'text/plain' }).end('No such session');
          return;
        }
        if (req.method === 'POST') {
          const action = new URLSearchParams(text).get('action') ?? 'pay';
          if (session.status === 'open') await pay(session, action);
          res.writeHead(303, { Location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) }).end();
          return;
        }
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(paymentPage(session));
        return;
      }
      const params = req.method === 'GET' ? Object.fromEntries(url.searchParams) : parseStripeForm(text);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, params, idempotencyKey });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        reply(res, 401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }));
        return;
      }
      const failure = failures.shift();
      if (failure) {
        reply(res, failure.status, JSON.stringify({ error: { type: 'api_error', message: failure.message } }), { 'Stripe-Should-Retry': 'false' });
        return;
      }
      const cacheKey = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
      const cached = cacheKey ? byIdempotencyKey.get(cacheKey) : undefined;
      if (cached) {
        reply(res, cached.status, cached.body, { 'Idempotent-Replayed': 'true' });
        return;
      }
      let status = 200;
      let body: string;
      try {
        body = JSON.stringify(api(req.method ?? 'GET', url.pathname, params));
      } catch (error) {
        if (!(error instanceof StripeFailure)) throw error;
        status = error.status;
        body = JSON.stringify({ error: { type: error.type, message: error.message, ...(error.param ? { param: error.param } : {}), ...(error.code ? { code: error.code } : {}) } });
      }
      if (cacheKey && req.method === 'POST') byIdempotencyKey.set(cacheKey, { status, body });
      reply(res, status, body);
    })().catch((error) => {
      if (!res.headersSent) reply(res, 500, JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;

  const fake: FakeStripe = {
    url: origin,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(port), STRIPE_API_PROTOCOL: 'http' },
    webhookUrl: undefined,
    asyncDelayMs: options.asyncDelayMs ?? 1000,
    sessions,
    requests,
    deliveries,
    refunds,
    failNext: (status = 500, message = 'An unknown error occurred.') => void failures.push({ status, message }),
    event,
    send,
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  return fake;
}
