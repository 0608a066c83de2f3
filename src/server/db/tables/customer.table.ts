/** The one customer record: who bought (or later booked, or was served) and the addresses we serve them at. */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { PropertyType } from './product.table';

export interface CustomerTable {
  id: Generated<number>;
  /** Opaque, random and URL-safe: the only id a URL may carry. */
  public_id: string;
  name: string;
  /** Lower case. */
  email: string | null;
  phone: string | null;
  /** The phone's ten digits, for matching. */
  phone_digits: string | null;
  company: string | null;
  property_type: PropertyType | null;
  is_demo: Generated<boolean>;
  /** Set when staff merged this record into another: it is kept (its public id still resolves) but no longer listed or matched. */
  merged_into_id: ColumnType<number | null, number | null | undefined, number | null>;
  merged_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Staff's notes about the customer. */
  notes: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ServiceAddressTable {
  id: Generated<number>;
  customer_id: number;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
  /** The address normalised (see lib/store/address-key.ts): one place, one key. */
  address_key: string;
  /** Set when the customer removed it in the portal: hidden from their list, kept for the visits and memberships that name it. */
  removed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type Customer = Selectable<CustomerTable>;
export type NewCustomer = Insertable<CustomerTable>;
export type ServiceAddress = Selectable<ServiceAddressTable>;
export type CustomerChanges = Omit<Updateable<CustomerTable>, 'id' | 'public_id' | 'created_at'>;
