/** The products table: the store's catalogue of memberships and products (prices in cents). */
import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable, Updateable } from 'kysely';

export type ProductKind = 'membership' | 'product';
export type PropertyType = 'residential' | 'commercial' | 'rental';

export interface ProductTable {
  id: Generated<number>;
  /** Lower-case words joined by dashes; the store's address for it (/store/checkout/{slug}). */
  slug: string;
  kind: ProductKind;
  name: string;
  description: Generated<string>;
  /** A JSON array of short sentences (what the membership includes). */
  features: JSONColumnType<string[], string, string>;
  /** The price in cents, above zero. */
  price_cents: number;
  /** Months a membership lasts (1–60); null for a product (a database check). */
  term_months: number | null;
  property_type: PropertyType;
  /** A site path such as /images/…; null shows no picture. */
  image: string | null;
  active: Generated<boolean>;
  sort_order: Generated<number>;
  /** Always false: the catalogue is real, never sample data. */
  is_demo: Generated<boolean>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date | string>;
}

export type Product = Selectable<ProductTable>;
export type NewProduct = Insertable<ProductTable>;
export type ProductUpdate = Updateable<ProductTable>;
