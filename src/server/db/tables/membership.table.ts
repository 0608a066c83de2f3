/** Memberships sold: which plan covers which address, from when to when, and the visits it includes. */
import type { ColumnType, Generated, Selectable } from 'kysely';

export type MembershipStatus = 'active' | 'cancelled' | 'refunded';

export interface MembershipTable {
  id: Generated<number>;
  /** Opaque, random and URL-safe: admin and the order's records name the membership by it. */
  public_id: string;
  /** Random (64 hex characters, made by the database): the renew link's key, which pre-fills checkout. */
  renewal_token: Generated<string>;
  customer_id: number;
  product_id: number;
  service_address_id: number;
  address_key: string;
  order_id: number;
  order_item_id: number;
  /** YYYY-MM-DD (Central time). */
  starts_on: string;
  /** YYYY-MM-DD, the last day covered. */
  ends_on: string;
  visits_included: number;
  visits_used: Generated<number>;
  status: Generated<MembershipStatus>;
  reminder_30_sent_at: Date | null;
  reminder_7_sent_at: Date | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type Membership = Selectable<MembershipTable>;
