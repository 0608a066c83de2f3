/**
 * The store's money side: customers and their service addresses (the one customer record a later
 * change extends), orders and their items, memberships with their dates and visits, and each Stripe
 * event received (stored once by its id).
 */
import { sql, type Kysely } from 'kysely';

const isoDate = (column: string) => sql.raw(`${column} ~ '^\\d{4}-\\d{2}-\\d{2}$'`);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull().unique().check(sql`public_id ~ '^[A-Za-z0-9_-]{20,64}$'`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    /** The phone's ten digits, for matching a buyer to the customer they already are. */
    .addColumn('phone_digits', 'text')
    .addColumn('company', 'text')
    .addColumn('property_type', 'text', (c) => c.check(sql`property_type in ('residential', 'commercial', 'rental')`))
    .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('customers_email_idx').on('customers').column('email').execute();
  await db.schema.createIndex('customers_phone_digits_idx').on('customers').column('phone_digits').execute();

  await db.schema
    .createTable('service_addresses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('line1', 'text', (c) => c.notNull())
    .addColumn('line2', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('zip', 'text', (c) => c.notNull())
    /** The address normalised (lower case, single spaces, common street words shortened): one place, one key. */
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('service_addresses_customer_key_unique', ['customer_id', 'address_key'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull().unique().check(sql`public_id ~ '^[A-Za-z0-9_-]{20,64}$'`))
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('requested', 'processing', 'paid', 'failed', 'expired', 'cancelled', 'refunded')`))
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('property_type', 'text', (c) => c.notNull().check(sql`property_type in ('residential', 'commercial')`))
    .addColumn('company', 'text')
    .addColumn('contact_person', 'text')
    .addColumn('shipping_address', 'jsonb')
    .addColumn('billing_same_as_service', 'boolean', (c) => c.notNull())
    .addColumn('billing_address', 'jsonb')
    .addColumn('total_cents', 'integer', (c) => c.notNull().check(sql`total_cents > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('usd'))
    /** `stripe` (Checkout), or `office` (no online payment: the office takes it by phone). */
    .addColumn('payment_method', 'text', (c) => c.notNull().check(sql`payment_method in ('stripe', 'office')`))
    .addColumn('stripe_session_id', 'text', (c) => c.unique())
    .addColumn('stripe_checkout_url', 'text')
    .addColumn('stripe_payment_intent', 'text')
    /** Why the Checkout Session could not be created (the order is kept; staff are told). */
    .addColumn('stripe_error', 'text')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('fulfilled_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('stripe_refund_id', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('client_hash', 'text')
    .addColumn('spam', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('staff_notes', 'text')
    .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('orders_created_idx').on('orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('orders_customer_idx').on('orders').column('customer_id').execute();
  await sql`create sequence order_number_seq start 1001`.execute(db);

  await db.schema
    .createTable('order_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('membership', 'product')`))
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull().check(sql`unit_price_cents > 0`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 99`))
    .addColumn('term_months', 'integer')
    .addColumn('service_address', 'jsonb')
    .addColumn('address_key', 'text')
    /** The membership this line renews (from a renewal reminder's link). */
    .addColumn('renews_membership_id', 'integer')
    .addCheckConstraint('order_items_membership_check', sql`(kind = 'membership' and service_address is not null and address_key is not null and quantity = 1 and term_months is not null) or kind = 'product'`)
    .execute();
  await db.schema.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();

  await db.schema
    .createTable('memberships')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull().unique().check(sql`public_id ~ '^[A-Za-z0-9_-]{20,64}$'`))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('service_address_id', 'integer', (c) => c.notNull().references('service_addresses.id'))
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    /** One membership per order line: fulfilling an order twice cannot make a second one. */
    .addColumn('order_item_id', 'integer', (c) => c.notNull().unique().references('order_items.id'))
    .addColumn('starts_on', 'text', (c) => c.notNull().check(isoDate('starts_on')))
    .addColumn('ends_on', 'text', (c) => c.notNull().check(isoDate('ends_on')))
    .addColumn('visits_included', 'integer', (c) => c.notNull().check(sql`visits_included >= 0`))
    .addColumn('visits_used', 'integer', (c) => c.notNull().defaultTo(0).check(sql`visits_used >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'cancelled', 'refunded')`))
    .addColumn('reminder_30_sent_at', 'timestamptz')
    .addColumn('reminder_7_sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('memberships_dates_check', sql`ends_on > starts_on`)
    .execute();
  await db.schema.createIndex('memberships_address_product_idx').on('memberships').columns(['address_key', 'product_id']).execute();
  await db.schema.createIndex('memberships_ends_idx').on('memberships').columns(['status', 'ends_on']).execute();
  await db.schema.createIndex('memberships_customer_idx').on('memberships').column('customer_id').execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .execute();

  await db.schema.alterTable('outbox_messages').addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null')).execute();
  await db.schema.createIndex('outbox_messages_order_idx').on('outbox_messages').column('order_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox_messages').dropColumn('order_id').execute();
  for (const table of ['stripe_events', 'memberships', 'order_items']) await db.schema.dropTable(table).execute();
  await sql`drop sequence order_number_seq`.execute(db);
  for (const table of ['orders', 'service_addresses', 'customers']) await db.schema.dropTable(table).execute();
}
