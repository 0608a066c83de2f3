/**
 * Text messages on PGlite and PostgreSQL: keywords (STOP and its synonyms and plain-language forms,
 * START, HELP), each opt-in and opt-out kept per number, consent checked when a text is SENT (a
 * queued text to a number that replied STOP since is never sent; START restores), the sending window
 * for non-transactional texts (held, not dropped, with a clock), and Twilio's errors (retried or dead).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '../../../tests/support/fake-twilio';
import { smsReplies } from '../../lib/sms/program';
import { textsAvailable, twilioConfig } from '../config';
import { describeEachDatabase } from '../db/test-databases';
import { createLogger } from '../http/logger';
import { isValidTwilioSignature, twilioSignature } from '../http/twilio-signature';
import { listSmsEvents, recordSmsEvent } from '../repositories/sms.repository';
import { mailerFromEnv } from './mail';
import { deliverMessageNow, maxDeliveryAttempts } from './outbox';
import { maySendText, queueText, smsConsentFor, smsSenderFromEnv, type OutboxText, type SmsSender } from './sms';
import { handleInboundText, inboundIntent, twimlMessage } from './sms-inbound';
import { nextSendingWindow } from './sms-window';

const log = createLogger({}, { LOG_LEVEL: 'silent' });
const mailer = mailerFromEnv({ MAIL_DIR: '/tmp/epl-sms-test-mail' });

/** Monday 30 November 2026, 10:00 in Austin (CST, UTC−6): inside the sending window. */
const mondayMorning = new Date('2026-11-30T16:00:00Z');

function recordingSender(): SmsSender & { sent: OutboxText[] } {
  const sent: OutboxText[] = [];
  return { kind: 'files', sent, send: async (text) => (sent.push(text), { id: `test-${sent.length}` }) };
}

describe('Twilio request signatures', () => {
  // The worked example of Twilio's webhook security guide.
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = { CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' };

  test('match the example Twilio publishes, and nothing else', () => {
    expect(twilioSignature('12345', url, params)).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    expect(isValidTwilioSignature('12345', '0/KCTR6DLpKmkAf8muzZqo1nDgQ=', url, params)).toBe(true);
    expect(isValidTwilioSignature('12345', '0/KCTR6DLpKmkAf8muzZqo1nDgQ=', url, { ...params, Digits: '9999' })).toBe(false);
    expect(isValidTwilioSignature('12345', '0/KCTR6DLpKmkAf8muzZqo1nDgQ=', 'https://mycompany.com/myapp.php?foo=1', params)).toBe(false);
    expect(isValidTwilioSignature('54321', '0/KCTR6DLpKmkAf8muzZqo1nDgQ=', url, params)).toBe(false);
    expect(isValidTwilioSignature('12345', '0/KCTR6DLpKmkAf8muzZqo1nDgQ', url, params)).toBe(false);
    expect(isValidTwilioSignature('12345', null, url, params)).toBe(false);
  });
});

describe('Twilio configuration', () => {
  const twilio = { TWILIO_ACCOUNT_SID: `AC${'a1'.repeat(16)}`, TWILIO_AUTH_TOKEN: 'f'.repeat(32), TWILIO_FROM: '+15125550199', TWILIO_API_BASE: 'http://127.0.0.1:9/' };
  test('needs the account, the token and a sender; the API base is a test setting, ignored in production', () => {
    expect(twilioConfig({})).toBeUndefined();
    expect(twilioConfig({ ...twilio, TWILIO_FROM: undefined })).toBeUndefined();
    expect(twilioConfig({ ...twilio, TWILIO_FROM: '512-555-0199' })).toBeUndefined();
    expect(twilioConfig(twilio)).toMatchObject({ from: '+15125550199', apiBase: 'http://127.0.0.1:9' });
    expect(twilioConfig({ ...twilio, CONTEXT: 'production' })?.apiBase).toBe('https://api.twilio.com');
    expect(twilioConfig({ ...twilio, TWILIO_FROM: undefined, TWILIO_MESSAGING_SERVICE_SID: `MG${'0b'.repeat(16)}` })?.messagingServiceSid).toBe(`MG${'0b'.repeat(16)}`);
  });
  test('texts are offered with Twilio, or locally (files); never on Netlify without Twilio', () => {
    expect(textsAvailable({})).toBe(true);
    expect(textsAvailable({ NETLIFY: 'true' })).toBe(false);
    expect(textsAvailable({ NETLIFY: 'true', ...twilio })).toBe(true);
    expect(smsSenderFromEnv({}).kind).toBe('files');
  });
});

describe('inboundIntent', () => {
  test.each([
    ...['STOP', 'stop', 'Stop.', 'STOPALL', 'STOP ALL', 'QUIT', 'END', 'REVOKE', 'OPT OUT', 'opt-out', 'OPTOUT', 'CANCEL', 'UNSUBSCRIBE', ' stop! ', 'Please stop', 'stop please', 'STOP thanks'].map((t) => [t, 'stop'] as const),
    ...['stop texting me', 'Please unsubscribe', 'please unsubscribe me', 'Stop sending me messages', "Don't text me again", 'dont text me', 'Remove me from your list', 'remove my number from your texts', 'No more texts please', 'opt me out', 'Please stop texting me, thanks'].map((t) => [t, 'stop'] as const),
    ...['START', 'start', 'UNSTOP', 'YES', 'Yes!'].map((t) => [t, 'start'] as const),
    ...['HELP', 'help', 'INFO', 'Help?'].map((t) => [t, 'help'] as const),
    ...['My toilet will not stop running', 'Is the plumber coming today?', 'yes I need help with my water heater', 'the end of the pipe leaks', ''].map((t) => [t, 'other'] as const),
  ])('%j is %s', (text, intent) => {
    expect(inboundIntent(text)).toBe(intent);
  });
});

describe('nextSendingWindow (9 AM–9 PM Central, Sundays from noon)', () => {
  test.each([
    ['Monday 10:00 CST', '2026-11-30T16:00:00Z', undefined],
    ['Monday 20:59 CST', '2026-12-01T02:59:00Z', undefined],
    ['Monday 08:59 CST', '2026-11-30T14:59:00Z', '2026-11-30T15:00:00.000Z'],
    ['Monday 21:00 CST', '2026-12-01T03:00:00Z', '2026-12-01T15:00:00.000Z'],
    ['Saturday 22:00 CST', '2026-11-29T04:00:00Z', '2026-11-29T18:00:00.000Z'],
    ['Sunday 10:00 CST', '2026-11-29T16:00:00Z', '2026-11-29T18:00:00.000Z'],
    ['Sunday 12:30 CST', '2026-11-29T18:30:00Z', undefined],
    ['Monday 08:00 CDT (summer)', '2026-07-06T13:00:00Z', '2026-07-06T14:00:00.000Z'],
    ['Saturday 23:00 CST before the spring clock change', '2026-03-08T05:00:00Z', '2026-03-08T17:00:00.000Z'],
  ])('%s', (_name, now, expected) => {
    expect(nextSendingWindow(new Date(now))?.toISOString()).toBe(expected);
  });
});

describe('twimlMessage', () => {
  test('one escaped message, or none', () => {
    expect(twimlMessage('A & B <ok>')).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Message>A &amp; B &lt;ok&gt;</Message></Response>');
    expect(twimlMessage(null)).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  });
});

describeEachDatabase('text messages: consent and delivery', (db) => {
  let twilio: FakeTwilio;
  beforeAll(async () => {
    twilio = await startFakeTwilio();
  });
  afterAll(async () => {
    await twilio.stop();
  });

  let n = 0;
  const newNumber = () => `+1512555${String(1000 + ++n).slice(-4)}`;
  const status = (id: number) => db().selectFrom('outbox_messages').select(['status', 'attempts', 'next_attempt_at', 'last_error', 'channel', 'category']).where('id', '=', id).executeTakeFirstOrThrow();

  test('STOP, START and HELP: one reply each, and every opt-in and opt-out kept in the number\'s history', async () => {
    const phone = newNumber();
    expect(await smsConsentFor(db(), phone)).toEqual({ standing: 'none', since: null });
    expect(await handleInboundText(db(), { from: phone, body: 'HELP', now: mondayMorning })).toEqual({ intent: 'help', reply: smsReplies.help });
    expect(await handleInboundText(db(), { from: phone, body: 'Please stop texting me', now: mondayMorning })).toEqual({ intent: 'stop', reply: smsReplies.stopped });
    expect((await smsConsentFor(db(), phone)).standing).toBe('opted-out');
    expect(await handleInboundText(db(), { from: phone, body: 'START', now: new Date(mondayMorning.getTime() + 60_000) })).toEqual({ intent: 'start', reply: smsReplies.started });
    expect((await smsConsentFor(db(), phone)).standing).toBe('opted-in');
    expect(await handleInboundText(db(), { from: phone, body: 'When is my appointment?', now: mondayMorning })).toEqual({ intent: 'other', reply: smsReplies.other });
    // After STOP, an ordinary message gets no reply at all; HELP still does.
    await handleInboundText(db(), { from: phone, body: 'STOP', now: mondayMorning });
    expect(await handleInboundText(db(), { from: phone, body: 'ok thanks', now: mondayMorning })).toEqual({ intent: 'other', reply: null });
    expect((await handleInboundText(db(), { from: phone, body: 'HELP', now: mondayMorning })).reply).toBe(smsReplies.help);
    const history = await listSmsEvents(db(), phone);
    expect(history.map((e) => [e.event, e.via, e.detail])).toEqual([['opt_out', 'keyword', 'Please stop texting me'], ['opt_in', 'keyword', 'START'], ['opt_out', 'keyword', 'STOP']]);
    expect(smsReplies.help).toMatch(/Economy Plumbing Services.*\(512\) 368-9159.*Msg & data rates may apply.*STOP/);
  });

  test('consent is checked when a text is sent: after STOP a queued marketing text is never sent; START restores', async () => {
    const phone = newNumber();
    const sender = recordingSender();
    await recordSmsEvent(db(), { phone, event: 'opt_in', via: 'web-form', at: mondayMorning });
    expect(await maySendText(db(), phone, 'marketing')).toBe(true);

    const first = await queueText(db(), { to: phone, body: 'Offer one', topic: 'test-offer', category: 'marketing', notBefore: mondayMorning });
    const queuedBeforeStop = await queueText(db(), { to: phone, body: 'Offer two', topic: 'test-offer', category: 'marketing', notBefore: mondayMorning });
    const receipt = await queueText(db(), { to: phone, body: 'Your receipt', topic: 'test-receipt', category: 'transactional', notBefore: mondayMorning });
    expect(await deliverMessageNow(db(), first, { mailer, texter: sender, log, now: mondayMorning })).toEqual({ sent: 1, retrying: 0, dead: 0 });
    expect(sender.sent).toEqual([{ to: phone, body: 'Offer one' }]);

    await handleInboundText(db(), { from: phone, body: 'STOP', now: mondayMorning });
    expect(await deliverMessageNow(db(), queuedBeforeStop, { mailer, texter: sender, log, now: mondayMorning })).toEqual({ sent: 0, retrying: 0, dead: 1 });
    expect(await deliverMessageNow(db(), receipt, { mailer, texter: sender, log, now: mondayMorning })).toEqual({ sent: 0, retrying: 0, dead: 1 });
    expect(await status(queuedBeforeStop)).toMatchObject({ status: 'dead', channel: 'sms', category: 'marketing', last_error: expect.stringMatching(/^suppressed: this number opted out/) });
    const afterStop = await queueText(db(), { to: phone, body: 'Offer three', topic: 'test-offer', category: 'marketing', notBefore: mondayMorning });
    expect((await deliverMessageNow(db(), afterStop, { mailer, texter: sender, log, now: mondayMorning })).sent).toBe(0);
    expect(sender.sent).toHaveLength(1);

    await handleInboundText(db(), { from: phone, body: 'START', now: mondayMorning });
    const afterStart = await queueText(db(), { to: phone, body: 'Offer four', topic: 'test-offer', category: 'marketing', notBefore: mondayMorning });
    expect((await deliverMessageNow(db(), afterStart, { mailer, texter: sender, log, now: mondayMorning })).sent).toBe(1);
    expect(sender.sent.map((t) => t.body)).toEqual(['Offer one', 'Offer four']);
  });

  test('a non-transactional text needs an opt-in; a transactional one does not', async () => {
    const phone = newNumber();
    const sender = recordingSender();
    const offer = await queueText(db(), { to: phone, body: 'Offer', topic: 'test-offer', category: 'marketing', notBefore: mondayMorning });
    const review = await queueText(db(), { to: phone, body: 'Review us', topic: 'test-review', category: 'review_request', notBefore: mondayMorning });
    const code = await queueText(db(), { to: phone, body: 'Confirmation', topic: 'test-confirmation', category: 'transactional', notBefore: mondayMorning });
    for (const id of [offer, review, code]) await deliverMessageNow(db(), id, { mailer, texter: sender, log, now: mondayMorning });
    expect(sender.sent.map((t) => t.body)).toEqual(['Confirmation']);
    expect((await status(offer)).last_error).toMatch(/needs the number's consent/);
    expect((await status(review)).status).toBe('dead');
  });

  test('a marketing text due at night waits for 9 AM Central (noon on Sunday), without counting an attempt, then goes out', async () => {
    const phone = newNumber();
    const sender = recordingSender();
    await recordSmsEvent(db(), { phone, event: 'opt_in', via: 'web-form', at: mondayMorning });
    const saturdayNight = new Date('2026-11-29T04:00:00Z'); // Saturday 22:00 CST
    const id = await queueText(db(), { to: phone, body: 'Weekend offer', topic: 'test-offer', category: 'marketing', notBefore: saturdayNight });
    const night = await queueText(db(), { to: phone, body: 'Night receipt', topic: 'test-receipt', category: 'transactional', notBefore: saturdayNight });
    expect(await deliverMessageNow(db(), id, { mailer, texter: sender, log, now: saturdayNight })).toEqual({ sent: 0, retrying: 0, dead: 0 });
    expect(await status(id)).toMatchObject({ status: 'pending', attempts: 0, next_attempt_at: new Date('2026-11-29T18:00:00Z') });
    // Transactional texts are not held.
    expect((await deliverMessageNow(db(), night, { mailer, texter: sender, log, now: saturdayNight })).sent).toBe(1);
    // Sunday 10:00 CST: not yet due, nothing claimed.
    expect((await deliverMessageNow(db(), id, { mailer, texter: sender, log, now: new Date('2026-11-29T16:00:00Z') })).sent).toBe(0);
    expect(await deliverMessageNow(db(), id, { mailer, texter: sender, log, now: new Date('2026-11-29T18:00:00Z') })).toEqual({ sent: 1, retrying: 0, dead: 0 });
    expect(sender.sent.map((t) => t.body)).toEqual(['Night receipt', 'Weekend offer']);
    expect(await status(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  test('through Twilio\'s REST protocol: sent with basic auth and the form fields; a 5xx is retried, an invalid number dies at once', async () => {
    const sender = smsSenderFromEnv({ ...twilio.env });
    expect(sender.kind).toBe('twilio');
    const phone = newNumber();
    const ok = await queueText(db(), { to: phone, body: 'Your plumber is on the way.', topic: 'test-eta', category: 'transactional', notBefore: mondayMorning });
    expect((await deliverMessageNow(db(), ok, { mailer, texter: sender, log, now: mondayMorning })).sent).toBe(1);
    expect(twilio.messages.at(-1)).toMatchObject({ to: phone, from: twilio.env.TWILIO_FROM, body: 'Your plumber is on the way.' });

    twilio.failNext(503, 20503, 'Service unavailable');
    const retried = await queueText(db(), { to: phone, body: 'Second', topic: 'test-eta', category: 'transactional', notBefore: mondayMorning });
    expect(await deliverMessageNow(db(), retried, { mailer, texter: sender, log, now: mondayMorning })).toEqual({ sent: 0, retrying: 1, dead: 0 });
    expect((await status(retried)).last_error).toMatch(/Twilio answered 503 \(error 20503\)/);

    twilio.unsubscribed.add(phone);
    const refused = await queueText(db(), { to: phone, body: 'Third', topic: 'test-eta', category: 'transactional', notBefore: mondayMorning });
    expect(await deliverMessageNow(db(), refused, { mailer, texter: sender, log, now: mondayMorning })).toEqual({ sent: 0, retrying: 0, dead: 1 });
    expect(await status(refused)).toMatchObject({ status: 'dead', attempts: 1, last_error: expect.stringMatching(/21610/) });
    expect(maxDeliveryAttempts).toBeGreaterThan(1);

    const wrongToken = smsSenderFromEnv({ ...twilio.env, TWILIO_AUTH_TOKEN: 'not-the-token-of-this-account' });
    const unauthorised = await queueText(db(), { to: newNumber(), body: 'Fourth', topic: 'test-eta', category: 'transactional', notBefore: mondayMorning });
    expect(await deliverMessageNow(db(), unauthorised, { mailer, texter: wrongToken, log, now: mondayMorning })).toEqual({ sent: 0, retrying: 1, dead: 0 });
    expect((await status(unauthorised)).last_error).toMatch(/401 \(error 20003\)/);
  });
});
