/** Orders from the store, their lines, and the Stripe events that move them (each stored once). */
import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable } from 'kysely';
import type { OrderState } from '../../../lib/api/checkout.contract';
import type { ProductKind } from './product.table';

/** A street address as the checkout form sends it. */
export interface StoredAddress {
  line1: string;
  line2?: string | undefined;
  city: string;
  state: string;
  zip: string;
}

export type PaymentMethod = 'stripe' | 'office';

export interface OrderTable {
  id: Generated<number>;
  /** Opaque, random and URL-safe: what the success page and admin URLs carry. */
  public_id: string;
  /** What the buyer and staff quote, e.g. EPS-001001. */
  order_number: string;
  status: OrderState;
  customer_id: number | null;
  name: string;
  email: string;
  phone: string;
  property_type: 'residential' | 'commercial';
  company: string | null;
  contact_person: string | null;
  shipping_address: JSONColumnType<StoredAddress | null, string | null, string | null>;
  billing_same_as_service: boolean;
  billing_address: JSONColumnType<StoredAddress | null, string | null, string | null>;
  total_cents: number;
  currency: Generated<string>;
  payment_method: PaymentMethod;
  stripe_session_id: string | null;
  /** Stripe's payment page for the session (a repeated request is sent back to it). */
  stripe_checkout_url: string | null;
  stripe_payment_intent: string | null;
  stripe_error: string | null;
  paid_at: Date | null;
  fulfilled_at: Date | null;
  cancelled_at: Date | null;
  refunded_at: Date | null;
  stripe_refund_id: string | null;
  idempotency_key: string | null;
  request_hash: string;
  client_hash: string | null;
  /** A filled trap or a form sent too fast: kept, never sent to Stripe or emailed. */
  spam: Generated<boolean>;
  staff_notes: string | null;
  is_demo: Generated<boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  slug: string;
  /** The product's name and price when the order was made (the catalogue may change later). */
  name: string;
  kind: ProductKind;
  unit_price_cents: number;
  quantity: number;
  term_months: number | null;
  service_address: JSONColumnType<StoredAddress | null, string | null, string | null>;
  address_key: string | null;
  renews_membership_id: number | null;
}

export interface StripeEventTable {
  event_id: string;
  type: string;
  order_id: number | null;
  received_at: ColumnType<Date, Date | string | undefined, never>;
  processed_at: Date | null;
}

export type Order = Selectable<OrderTable>;
export type NewOrder = Insertable<OrderTable>;
export type OrderItem = Selectable<OrderItemTable>;
export type NewOrderItem = Insertable<OrderItemTable>;
