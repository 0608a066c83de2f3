/**
 * A local stand-in for Twilio, speaking the REST call the site makes and posting signed webhooks:
 *
 *   const twilio = await startFakeTwilio();
 *   Object.assign(process.env, twilio.env);   // TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, TWILIO_API_BASE
 *   await twilio.waitForMessages(1);          // texts the site sent, as Twilio recorded them
 *   await twilio.inbound(`${site.url}/api/webhooks/twilio`, { From: '+15125550123', Body: 'STOP' });
 *
 * API served: POST /2010-04-01/Accounts/{AccountSid}/Messages.json. Like Twilio it checks HTTP basic
 * auth (401, error 20003), the form encoding, To (21604 missing, 21211 not E.164), Body (21602),
 * From or MessagingServiceSid (21603), and refuses numbers in `unsubscribed` (21610); it answers 201
 * with a message resource (`sid` SM…) or Twilio's error JSON `{ code, message, more_info, status }`.
 * `failNext(status, code)` makes the next call fail that way. `inbound` posts a form signed with
 * X-Twilio-Signature as Twilio does (over `signedUrl`, default the URL posted to).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioSignature } from '../../src/server/http/twilio-signature';

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

export interface FakeTwilio {
  url: string;
  env: Record<'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_API_BASE', string>;
  messages: FakeTwilioMessage[];
  /** Every API call and the status it got. */
  requests: { method: string; path: string; status: number }[];
  /** Numbers Twilio knows replied STOP: sending to them answers error 21610. */
  unsubscribed: Set<string>;
  failNext(status: number, code: number, message?: string): void;
  waitForMessages(count: number, timeoutMs?: number): Promise<FakeTwilioMessage[]>;
  /** Posts an inbound text to `webhookUrl`, signed with the auth token (or `token`) over `signedUrl`. */
  inbound(webhookUrl: string, params: Record<string, string>, options?: { signedUrl?: string; token?: string; signature?: string | null }): Promise<Response>;
  stop(): Promise<void>;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${hex(16)}`;
  const authToken = hex(16);
  const from = '+15125550199';
  const messages: FakeTwilioMessage[] = [];
  const requests: FakeTwilio['requests'] = [];
  const unsubscribed = new Set<string>();
  let failure: { status: number; code: number; message: string } | undefined;

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: number, message: string) =>
    answer(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<number> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (!match || req.method !== 'POST') return (error(res, 404, 20404, 'The requested resource was not found'), 404);
    const [scheme, credentials] = (req.headers.authorization ?? '').split(' ');
    const [user, password] = Buffer.from(credentials ?? '', 'base64').toString().split(':');
    if (scheme !== 'Basic' || user !== accountSid || password !== authToken || match[1] !== accountSid) return (error(res, 401, 20003, 'Authenticate'), 401);
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return (error(res, 400, 20001, 'Unsupported content type'), 400);
    if (failure) {
      const { status, code, message } = failure;
      failure = undefined;
      return (error(res, status, code, message), status);
    }
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To');
    const body = form.get('Body');
    const sender = form.get('From');
    const service = form.get('MessagingServiceSid');
    if (!to) return (error(res, 400, 21604, "A 'To' phone number is required."), 400);
    if (!/^\+[1-9]\d{7,14}$/.test(to)) return (error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`), 400);
    if (!body) return (error(res, 400, 21602, 'Message body is required.'), 400);
    if (!sender && !service) return (error(res, 400, 21603, "A 'From' phone number is required."), 400);
    if (unsubscribed.has(to)) return (error(res, 400, 21610, 'Attempt to send to unsubscribed recipient'), 400);
    const sid = `SM${hex(16)}`;
    messages.push({ sid, to, from: sender, messagingServiceSid: service, body });
    answer(res, 201, {
      sid, account_sid: accountSid, to, from: sender, messaging_service_sid: service, body, status: 'queued', direction: 'outbound-api', api_version: '2010-04-01',
      num_segments: '1', date_created: new Date().toUTCString(), error_code: null, error_message: null, price: null, uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
    return 201;
  };

  const server = createServer((req, res) => {
    void handle(req, res).then(
      (status) => requests.push({ method: req.method ?? '', path: req.url ?? '', status }),
      () => error(res, 500, 20500, 'Internal Server Error'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from, TWILIO_API_BASE: url },
    messages,
    requests,
    unsubscribed,
    failNext(status, code, message = 'Failure for the test') {
      failure = { status, code, message };
    },
    async waitForMessages(count, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (messages.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      if (messages.length < count) throw new Error(`fake Twilio: expected ${count} messages, got ${messages.length}`);
      return messages;
    },
    inbound(webhookUrl, params, options = {}) {
      const form = new URLSearchParams({ MessageSid: `SM${hex(16)}`, AccountSid: accountSid, To: from, NumMedia: '0', ...params });
      const signature = options.signature === undefined ? twilioSignature(options.token ?? authToken, options.signedUrl ?? webhookUrl, form) : options.signature;
      return fetch(webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(signature === null ? {} : { 'X-Twilio-Signature': signature }) },
        body: form.toString(),
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
