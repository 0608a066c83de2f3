import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { describeEachDatabase } from '../db/test-databases';
import { insertLead } from './lead.repository';
import { claimDueMessages, insertOutboxMessage, listMessagesForLead, markMessageFailed, markMessageSent } from './outbox.repository';

const email = { to: 'staff' as const, subject: 'New lead', text: 'Call Ana.', html: '<p>Call Ana.</p>' };
const t0 = new Date('2026-11-21T12:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);

describeEachDatabase('outbox repository', (db) => {
  async function newMessage(nextAttemptAt = t0) {
    const lead = await insertLead(db(), {
      reference: `EPS-${randomUUID().slice(0, 6)}`, kind: 'estimate', name: 'Ana', phone: '5125550100', page_context: 'Home Page', request_hash: 'h',
    });
    return insertOutboxMessage(db(), { topic: 'staff-lead-email', lead_id: lead!.id, payload: email, next_attempt_at: nextAttemptAt });
  }

  test('insertOutboxMessage stores a pending message with its payload as JSON', async () => {
    const message = await newMessage();
    expect(message).toMatchObject({ status: 'pending', attempts: 0, payload: email, locked_until: null });
    expect(await listMessagesForLead(db(), message.lead_id!)).toHaveLength(1);
  });

  test('a claim counts the attempt and hides the message from other claims until the lock passes', async () => {
    const message = await newMessage();
    const [claimed] = await claimDueMessages(db(), { now: t0, lockMs: 60_000, id: message.id });
    expect(claimed).toMatchObject({ id: message.id, attempts: 1 });
    expect(claimed!.locked_until).toEqual(later(60_000));
    expect(await claimDueMessages(db(), { now: later(1000), lockMs: 60_000, id: message.id })).toEqual([]);
    // A worker that died holding it: after the lock passes another may take it.
    expect((await claimDueMessages(db(), { now: later(61_000), lockMs: 60_000, id: message.id }))[0]?.attempts).toBe(2);
  });

  test('a message is not claimed before it is due', async () => {
    const message = await newMessage(later(5 * 60_000));
    expect(await claimDueMessages(db(), { now: t0, lockMs: 60_000, id: message.id })).toEqual([]);
    expect(await claimDueMessages(db(), { now: later(5 * 60_000), lockMs: 60_000, id: message.id })).toHaveLength(1);
  });

  test('markMessageSent and a dead mark take the message out of every later claim', async () => {
    const sent = await newMessage();
    const dead = await newMessage();
    await markMessageSent(db(), sent.id, t0);
    await markMessageFailed(db(), dead.id, 'Error: 550 mailbox unavailable', null);
    const [afterSent] = await listMessagesForLead(db(), sent.lead_id!);
    const [afterDead] = await listMessagesForLead(db(), dead.lead_id!);
    expect(afterSent).toMatchObject({ status: 'sent', sent_at: t0, last_error: null });
    expect(afterDead).toMatchObject({ status: 'dead', last_error: 'Error: 550 mailbox unavailable' });
    const claimed = await claimDueMessages(db(), { now: later(24 * 3600_000), lockMs: 1000, limit: 1000 });
    expect(claimed.map((m) => m.id)).not.toContain(sent.id);
    expect(claimed.map((m) => m.id)).not.toContain(dead.id);
  });

  test('a failed attempt with a retry time stays pending and is claimed again at that time', async () => {
    const message = await newMessage();
    await claimDueMessages(db(), { now: t0, lockMs: 60_000, id: message.id });
    await markMessageFailed(db(), message.id, 'Error: 451 try later', later(120_000));
    expect(await claimDueMessages(db(), { now: later(60_000), lockMs: 60_000, id: message.id })).toEqual([]);
    const [again] = await claimDueMessages(db(), { now: later(120_000), lockMs: 60_000, id: message.id });
    expect(again).toMatchObject({ attempts: 2, last_error: 'Error: 451 try later' });
  });

  test('two workers claiming at once never get the same message', async () => {
    const ids = new Set<number>();
    for (let i = 0; i < 6; i++) ids.add((await newMessage(later(-3_600_000))).id);
    const [a, b] = await Promise.all([
      claimDueMessages(db(), { now: t0, lockMs: 60_000, limit: 1000 }),
      claimDueMessages(db(), { now: t0, lockMs: 60_000, limit: 1000 }),
    ]);
    const mine = [...a, ...b].map((m) => m.id).filter((id) => ids.has(id));
    expect(new Set(mine).size).toBe(mine.length);
    expect(mine.length).toBe(6);
  });
});
