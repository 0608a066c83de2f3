import { expect, test } from 'vitest';
import { addressKey } from '../../lib/store/address-key';
import { describeEachDatabase } from '../db/test-databases';
import type { Database } from '../db/database';
import type { Kysely } from 'kysely';
import { insertOrder, insertOrderItems, lockOrderById, nextOrderNumber } from '../repositories/order.repository';
import { findProductBySlug, seedProducts } from '../repositories/product.repository';
import { addMonths, fulfilOrder, membershipTerm } from './fulfilment';
import { newPublicId } from './public-id';
import { queueRenewalReminders, renewLink } from './renewal-reminders';

test('terms end the day before the same date months later, clamped to short months', () => {
  expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  expect(addMonths('2026-11-15', 14)).toBe('2028-01-15');
  expect(membershipTerm('2026-01-15', 12)).toEqual({ starts_on: '2026-01-15', ends_on: '2027-01-14' });
  expect(membershipTerm('2026-03-01', 36)).toEqual({ starts_on: '2026-03-01', ends_on: '2029-02-28' });
  expect(renewLink('https://www.plumbersthatcare.com/', 'silver-vip-tank', 'ab12')).toBe('https://www.plumbersthatcare.com/store/checkout/silver-vip-tank?renew=ab12');
  expect(renewLink('', 'silver-vip-tank', 'ab12')).toBe('/store/checkout/silver-vip-tank?renew=ab12');
});

const address = { line1: '9 Pecan Street', city: 'Austin', state: 'TX', zip: '78702' };

/** A paid order for the Silver VIP at `address`, fulfilled at `paidAt` (renewing `renews` when given). */
async function buyMembership(db: Kysely<Database>, paidAt: Date, renews: number | null = null) {
  const product = (await findProductBySlug(db, 'silver-vip-tank'))!;
  return db.transaction().execute(async (trx) => {
    const order = (await insertOrder(trx, {
      public_id: newPublicId(), order_number: await nextOrderNumber(trx), status: 'processing', name: 'Rosa Vega', email: 'rosa@example.com', phone: '512-555-0142',
      property_type: 'residential', company: null, contact_person: null, shipping_address: null, billing_same_as_service: true, billing_address: null,
      total_cents: product.price_cents, payment_method: 'stripe', idempotency_key: null, request_hash: 'x', client_hash: null, customer_id: null,
      stripe_session_id: null, stripe_checkout_url: null, stripe_payment_intent: null, stripe_error: null, paid_at: null, fulfilled_at: null,
      cancelled_at: null, refunded_at: null, stripe_refund_id: null, staff_notes: null,
    }))!;
    await insertOrderItems(trx, order.id, [{ product_id: product.id, slug: product.slug, name: product.name, kind: 'membership', unit_price_cents: product.price_cents, quantity: 1, term_months: 12, service_address: JSON.stringify(address), address_key: addressKey(address), renews_membership_id: renews }]);
    const result = await fulfilOrder(trx, (await lockOrderById(trx, order.id))!, { now: paidAt });
    const again = await fulfilOrder(trx, result.order, { now: paidAt });
    expect(again.fulfilled).toBe(false);
    return trx.selectFrom('memberships').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
  });
}

const at = (date: string) => new Date(`${date}T16:00:00Z`);
const reminders = (db: Kysely<Database>) => db.selectFrom('outbox_messages').select(['topic', 'payload']).where('topic', 'like', 'membership-renewal-%').orderBy('id').execute();

describeEachDatabase('renewal reminders', (db) => {
  test('30 and 7 days before the end, once each, with a renew link; a renewed membership gets no more', async () => {
    await seedProducts(db());
    const first = await buyMembership(db(), at('2026-01-15'));
    expect(first).toMatchObject({ starts_on: '2026-01-15', ends_on: '2027-01-14', visits_included: 1 });

    expect(await queueRenewalReminders(db(), at('2026-12-10'))).toEqual([]);
    expect(await queueRenewalReminders(db(), at('2026-12-15'))).toHaveLength(1);
    expect(await queueRenewalReminders(db(), at('2026-12-16'))).toEqual([]);
    const [thirty] = await reminders(db());
    expect(thirty!.topic).toBe('membership-renewal-30');
    expect(thirty!.payload.to).toBe('rosa@example.com');
    expect(thirty!.payload.subject).toBe('Your Silver VIP Membership (Tank Water Heater) ends on January 14, 2027');
    expect(first.renewal_token).toMatch(/^[0-9a-f]{64}$/);
    expect(thirty!.payload.text).toContain(`https://www.plumbersthatcare.com/store/checkout/silver-vip-tank?renew=${first.renewal_token}`);
    expect(thirty!.payload.text).not.toContain(first.public_id);
    expect(thirty!.payload.text).toMatch(/does not renew by itself/);
    expect(thirty!.payload.html).toContain('9 Pecan Street, Austin, TX 78702');

    expect(await queueRenewalReminders(db(), at('2027-01-07'))).toHaveLength(1);
    expect(await queueRenewalReminders(db(), at('2027-01-08'))).toEqual([]);
    expect((await reminders(db())).map((r) => r.topic)).toEqual(['membership-renewal-30', 'membership-renewal-7']);

    // Bought again and renewed before the 30-day mark: the renewal starts the day after the old one ends, and the old one is not reminded.
    const second = await buyMembership(db(), at('2027-10-01'));
    const renewal = await buyMembership(db(), at('2027-10-20'), second.id);
    expect(second.ends_on).toBe('2028-09-30');
    expect(renewal).toMatchObject({ starts_on: '2028-10-01', ends_on: '2029-09-30' });
    expect(await queueRenewalReminders(db(), at('2028-09-05'))).toEqual([]);
    expect(await queueRenewalReminders(db(), at('2028-09-25'))).toEqual([]);
  });
});
