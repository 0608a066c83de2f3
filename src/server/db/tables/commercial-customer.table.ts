/** The commercial_customers table: businesses the commercial pages show, with their permission (/admin/commercial-customers). */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface CommercialCustomerTable {
  id: Generated<number>;
  name: string;
  /** An https address, or null. */
  website: string | null;
  /** An industry id from src/business/industries.ts. */
  industry: string;
  /** A year (2019) or a date (2019-04-01), or null. */
  customer_since: string | null;
  sort_order: Generated<number>;
  active: Generated<boolean>;
  /** Who recorded that the customer agreed to be shown, and when. */
  permission_recorded_by: string;
  permission_recorded_at: ColumnType<Date, Date, Date>;
  logo: string | null;
  logo_width: number | null;
  logo_height: number | null;
  created_by: string;
  updated_by: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type CommercialCustomer = Selectable<CommercialCustomerTable>;
export type NewCommercialCustomer = Insertable<CommercialCustomerTable>;
export type CommercialCustomerUpdate = Updateable<CommercialCustomerTable>;
