import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server';
import { describeEachDatabase } from '../db/test-databases';
import { createLogger } from '../http/logger';
import { listMessagesForLead } from '../repositories/outbox.repository';
import { recordLead, type LeadSubmission } from './leads';
import { MailSetupError, mailerFromEnv } from './mail';
import { deliverDueMessages, deliverMessageNow, maxDeliveryAttempts, retryDelayMs } from './outbox';

const log = createLogger({}, { LOG_LEVEL: 'silent' });
const t0 = new Date('2026-11-21T16:00:00Z');
const lead = (name: string): LeadSubmission => ({
  kind: 'estimate', name, phone: '5125550100', email: 'visitor@example.com', service: 'leak', urgency: 'urgent', message: 'Drip under the sink.', pageContext: 'Contact Page', formStartTime: t0.getTime() - 60_000,
});
const smtpEnv = (url: string) => ({ SMTP_URL: url, STAFF_EMAIL: 'office@example.com', MAIL_FROM: 'Website <website@example.com>' });

describe('retryDelayMs', () => {
  test('doubles from one minute and stops at an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((a) => retryDelayMs(a) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });
});

describe('mailerFromEnv', () => {
  test('writes files under .data/mail unless SMTP_URL is set', () => {
    expect(mailerFromEnv({})).toMatchObject({ kind: 'files', staffAddress: 'staff@localhost' });
    expect(mailerFromEnv(smtpEnv('smtp://127.0.0.1:2525'))).toMatchObject({ kind: 'smtp', staffAddress: 'office@example.com' });
  });

  test('refuses SMTP without a recipient or sender, saying which settings to add', () => {
    expect(() => mailerFromEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(MailSetupError);
    expect(() => mailerFromEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/STAFF_EMAIL or MAIL_FROM/);
  });
});

describeEachDatabase('outbox delivery', (db) => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer({ refuseFirst: 1 });
  });
  afterAll(async () => {
    await smtp.close();
  });

  async function stored(name: string) {
    const result = await recordLead(db(), lead(name), { now: t0, idempotencyKey: randomUUID(), rateLimit: null });
    if (result.outcome !== 'stored' || result.messageId === null) throw new Error('expected a stored lead with a message');
    return result;
  }

  test('a refused first attempt is retried after a minute and then delivered once, over SMTP', async () => {
    const { lead: storedLead, messageId } = await stored('Retry Then Deliver');
    const mailer = mailerFromEnv(smtpEnv(smtp.url));

    expect(await deliverMessageNow(db(), messageId!, { mailer, log, now: t0 })).toEqual({ sent: 0, retrying: 1, dead: 0 });
    const [pending] = await listMessagesForLead(db(), storedLead.id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending!.last_error).toMatch(/451/);
    expect(pending!.next_attempt_at).toEqual(new Date(t0.getTime() + 60_000));

    // Not yet due: nothing happens.
    expect((await deliverDueMessages(db(), { mailer, log, now: new Date(t0.getTime() + 30_000) })).sent).toBe(0);
    expect((await deliverDueMessages(db(), { mailer, log, now: new Date(t0.getTime() + 61_000) })).sent).toBeGreaterThanOrEqual(1);

    const [sent] = await listMessagesForLead(db(), storedLead.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    const mails = smtp.received.filter((m) => m.subject.includes('Retry Then Deliver'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['office@example.com']);
    expect(mails[0]!.raw).toMatch(/^Reply-To: visitor@example.com/m);
    expect(mails[0]!.subject).toBe(`Estimate request: Leak from Retry Then Deliver (${storedLead.reference})`);
  });

  test('after the last attempt the message is dead and the failure is logged as an error', async () => {
    const refusing = await startTestSmtpServer({ refuseFirst: Number.POSITIVE_INFINITY });
    const errors = vi.fn();
    const watching = { ...log, error: errors, warn: vi.fn() };
    try {
      const { lead: storedLead, messageId } = await stored('Never Delivered');
      const mailer = mailerFromEnv(smtpEnv(refusing.url));
      let now = t0;
      for (let attempt = 1; attempt <= maxDeliveryAttempts; attempt++) {
        await deliverMessageNow(db(), messageId!, { mailer, log: watching, now });
        now = new Date(now.getTime() + retryDelayMs(attempt));
      }
      const [dead] = await listMessagesForLead(db(), storedLead.id);
      expect(dead).toMatchObject({ status: 'dead', attempts: maxDeliveryAttempts });
      expect(refusing.refused).toBe(maxDeliveryAttempts);
      expect(errors).toHaveBeenCalledWith('outbox message dead after the last attempt', expect.anything(), expect.objectContaining({ attempts: maxDeliveryAttempts }));
      // A dead message is never tried again.
      expect(await deliverMessageNow(db(), messageId!, { mailer, log, now: new Date(now.getTime() + 86_400_000) })).toEqual({ sent: 0, retrying: 0, dead: 0 });
    } finally {
      await refusing.close();
    }
  });

  test('without SMTP the message is written as an .eml file for the office', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'epl-mail-'));
    try {
      const { messageId } = await stored('File Mail <b>Bold</b>');
      expect(await deliverMessageNow(db(), messageId!, { mailer: mailerFromEnv({ MAIL_DIR: dir }), log, now: t0 })).toEqual({ sent: 1, retrying: 0, dead: 0 });
      const files = await readdir(dir);
      expect(files).toHaveLength(1);
      const eml = await readFile(path.join(dir, files[0]!), 'utf8');
      expect(eml).toMatch(/^To: staff@localhost$/m);
      expect(eml).toContain('File Mail &lt;b&gt;Bold&lt;/b&gt;');
      expect(eml).not.toContain('<b>Bold</b></td>');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
