/** Build-time read of the commercial customers the pages show: active, with their permission recorded. */
import type { ShownCustomer } from '../../lib/commercial-customers';
import { withDb } from '../db/connect';
import { listShownCommercialCustomers } from '../repositories/commercial-customer.repository';

export type { ShownCustomer };

let cached: Promise<ShownCustomer[]> | undefined;

/** Every shown customer in staff's order; pages pick their industry's. */
export function loadShownCustomers(): Promise<ShownCustomer[]> {
  cached ??= withDb(async (db) => (await listShownCommercialCustomers(db)).map((r) => ({
    id: r.id, name: r.name, website: r.website, industry: r.industry,
    sinceYear: r.customer_since ? Number(r.customer_since.slice(0, 4)) : null,
    logo: r.logo && r.logo_width && r.logo_height ? { id: r.logo, width: r.logo_width, height: r.logo_height } : null,
  })));
  return cached;
}
