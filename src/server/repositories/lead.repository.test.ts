import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { describeEachDatabase } from '../db/test-databases';
import type { NewLead } from '../db/tables/lead.table';
import { findLeadById, findLeadByIdempotencyKey, insertLead, insertLeadWithMessage, listRecentLeads } from './lead.repository';
import { listMessagesForLead } from './outbox.repository';

const lead = (overrides: Partial<NewLead> = {}): NewLead => ({
  reference: `EPS-${randomUUID().slice(0, 6).toUpperCase()}`,
  kind: 'estimate',
  name: 'Ana Díaz',
  phone: '(512) 555-0100',
  page_context: 'Contact Page',
  request_hash: 'hash',
  spam_reason: null,
  email: null,
  service: 'drain',
  location: 'austin',
  urgency: 'urgent',
  message: 'Kitchen sink drains slowly.',
  zip: null,
  preferred_date: null,
  arrival_window: null,
  office_id: null,
  idempotency_key: null,
  client_hash: null,
  form_elapsed_ms: 12_000,
  ...overrides,
});

describeEachDatabase('lead repository', (db) => {
  test('insertLead stores a lead as new, not demo, and returns it', async () => {
    const stored = await insertLead(db(), lead({ name: 'Stored Once' }));
    expect(stored).toMatchObject({ name: 'Stored Once', status: 'new', is_demo: false, kind: 'estimate', form_elapsed_ms: 12_000 });
    expect(stored?.created_at).toBeInstanceOf(Date);
    expect(await findLeadById(db(), stored!.id)).toEqual(stored);
  });

  test('insertLead returns undefined for an idempotency key already stored, and keeps the first lead', async () => {
    const key = randomUUID();
    const first = await insertLead(db(), lead({ idempotency_key: key, name: 'First' }));
    expect(await insertLead(db(), lead({ idempotency_key: key, name: 'Second' }))).toBeUndefined();
    expect((await findLeadByIdempotencyKey(db(), key))?.id).toBe(first!.id);
    expect((await findLeadByIdempotencyKey(db(), key))?.name).toBe('First');
  });

  test('leads without a key never collide', async () => {
    expect(await insertLead(db(), lead())).toBeDefined();
    expect(await insertLead(db(), lead())).toBeDefined();
  });

  test('keeps text exactly, including accents, emoji and quotes', async () => {
    const message = `Leak under the "sink" — it's 💧 everywhere; O'Brien's house`;
    const stored = await insertLead(db(), lead({ message }));
    expect((await findLeadById(db(), stored!.id))?.message).toBe(message);
  });

  test('refuses a kind or status outside the allowed values', async () => {
    await expect(insertLead(db(), lead({ kind: 'other' as never }))).rejects.toThrow();
    await expect(insertLead(db(), lead({ status: 'deleted' as never }))).rejects.toThrow();
  });

  test('insertLeadWithMessage writes the lead and its message together, and neither for a stored key', async () => {
    const key = randomUUID();
    const message = { topic: 'staff-lead-email', payload: { to: 'staff' as const, subject: 'S', text: 'T', html: '<p>T</p>' }, nextAttemptAt: new Date('2026-11-21T12:00:00Z') };
    const stored = await insertLeadWithMessage(db(), lead({ idempotency_key: key }), message);
    expect(stored?.lead).toMatchObject({ idempotency_key: key, status: 'new' });
    const [written] = await listMessagesForLead(db(), stored!.lead.id);
    expect(written).toMatchObject({ id: stored!.messageId, payload: message.payload, status: 'pending', next_attempt_at: message.nextAttemptAt });
    expect(await insertLeadWithMessage(db(), lead({ idempotency_key: key }), message)).toBeUndefined();
    expect(await listMessagesForLead(db(), stored!.lead.id)).toHaveLength(1);
    const spam = await insertLeadWithMessage(db(), lead({ status: 'spam', spam_reason: 'trap' }), null);
    expect(spam).toMatchObject({ lead: { status: 'spam' }, messageId: null });
  });

  test('listRecentLeads lists the newest first', async () => {
    const older = await insertLead(db(), lead({ created_at: new Date('2026-01-01T00:00:00Z') }));
    const newer = await insertLead(db(), lead({ created_at: new Date('2026-06-01T00:00:00Z') }));
    const ids = (await listRecentLeads(db(), 500)).map((l) => l.id);
    expect(ids.indexOf(newer!.id)).toBeLessThan(ids.indexOf(older!.id));
  });
});
