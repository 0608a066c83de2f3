/**
 * Renewal reminders: memberships do not renew by themselves, so 30 days and again 7 days before one
 * ends, its customer is emailed a link that opens checkout for the same plan, pre-filled with
 * their details and the address (/store/checkout/{slug}?renew=<renewal token>, membership-renewal.ts). Each reminder is claimed by stamping the
 * membership in the same transaction that queues the email, so two runs never send it twice. A
 * membership already renewed (a later one of the same plan at the same address) gets none. The
 * wording is the `membership-renewal` template (category: service reminders, which people can switch off).
 */
import { sql, type Kysely } from 'kysely';
import { addDays, officeDate } from '../../lib/booking/booking-days';
import type { Database } from '../db/database';
import { defaultSiteUrl, queueCustomerEmail } from './customer-email';
import { renewLink } from './membership-renewal';
import { addressLine } from './order-emails';

export { defaultSiteUrl, renewLink };

export interface ReminderFacts {
  name: string;
  email: string;
  planName: string;
  slug: string;
  renewalToken: string;
  endsOn: string;
  address: string;
  daysLeft: number;
}

const dateLabel = (isoDate: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(`${isoDate}T12:00:00Z`));

/** The `membership-renewal` template's fields. */
export function renewalReminderData(facts: ReminderFacts, siteUrl: string) {
  return { name: facts.name, plan_name: facts.planName, address: facts.address, ends_on: dateLabel(facts.endsOn), days_left: String(facts.daysLeft), renew_link: renewLink(siteUrl, facts.slug, facts.renewalToken) };
}

type Window = { days: 30 | 7; column: 'reminder_30_sent_at' | 'reminder_7_sent_at'; earliest: number };
const windows: Window[] = [
  { days: 30, column: 'reminder_30_sent_at', earliest: 8 },
  { days: 7, column: 'reminder_7_sent_at', earliest: 0 },
];

/** Queues every reminder due at `now`; returns the outbox message ids. */
export async function queueRenewalReminders(db: Kysely<Database>, now: Date, siteUrl: string = defaultSiteUrl): Promise<number[]> {
  const today = officeDate(now);
  const messageIds: number[] = [];
  for (const window of windows) {
    const due = await db
      .selectFrom('memberships as m')
      .innerJoin('products as p', 'p.id', 'm.product_id')
      .innerJoin('customers as c', 'c.id', 'm.customer_id')
      .innerJoin('service_addresses as a', 'a.id', 'm.service_address_id')
      .select(['m.id', 'm.customer_id', 'm.renewal_token', 'm.ends_on', 'p.slug', 'p.name as plan_name', 'c.name', 'c.email', 'a.line1', 'a.line2', 'a.city', 'a.state', 'a.zip'])
      .where('m.status', '=', 'active')
      .where(`m.${window.column}`, 'is', null)
      .where('m.ends_on', '>=', addDays(today, window.earliest))
      .where('m.ends_on', '<=', addDays(today, window.days))
      .where('c.email', 'is not', null)
      .where(({ not, exists, selectFrom }) => not(exists(
        selectFrom('memberships as later').select(sql`1`.as('one'))
          .whereRef('later.address_key', '=', 'm.address_key')
          .whereRef('later.product_id', '=', 'm.product_id')
          .where('later.status', '=', 'active')
          .whereRef('later.starts_on', '>', 'm.ends_on'),
      )))
      .orderBy('m.ends_on')
      .limit(200)
      .execute();
    for (const row of due) {
      const id = await db.transaction().execute(async (trx) => {
        const claimed = await trx.updateTable('memberships').set({ [window.column]: now, updated_at: now }).where('id', '=', row.id).where(window.column, 'is', null).returning('id').executeTakeFirst();
        if (!claimed) return undefined;
        const daysLeft = Math.round((Date.parse(`${row.ends_on}T12:00:00Z`) - Date.parse(`${today}T12:00:00Z`)) / 86_400_000);
        const data = renewalReminderData({
          name: row.name, email: row.email!, planName: row.plan_name, slug: row.slug, renewalToken: row.renewal_token, endsOn: row.ends_on, daysLeft,
          address: addressLine({ line1: row.line1, ...(row.line2 ? { line2: row.line2 } : {}), city: row.city, state: row.state, zip: row.zip }),
        }, siteUrl);
        return (await queueCustomerEmail(trx, { template: 'membership-renewal', to: row.email!, topic: `membership-renewal-${window.days}`, customerId: row.customer_id, now, siteUrl, data })).id;
      });
      if (id !== undefined) messageIds.push(id);
    }
  }
  return messageIds;
}
