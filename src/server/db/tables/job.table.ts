/** Jobs: the work done for a customer, from staff, a CSV import or the field-service webhook. */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export const jobSources = ['admin', 'csv', 'webhook'] as const;
export type JobSource = (typeof jobSources)[number];

export interface JobTable {
  id: Generated<number>;
  /** Opaque, random and URL-safe: the only id a URL may carry. */
  public_id: string;
  customer_id: number;
  service_address_id: number | null;
  /** What was done, in the words of whoever entered it ("Water heater replacement"). */
  service: string;
  completed_at: Date | null;
  invoice_total_cents: number | null;
  paid_at: Date | null;
  source: JobSource;
  /** The field-service system's id (unique when present). */
  external_id: string | null;
  /** SHA-256 of the last webhook body or import row for this job: the same again changes nothing. */
  payload_hash: string | null;
  notes: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type Job = Selectable<JobTable>;
export type NewJob = Insertable<JobTable>;
export type JobChanges = Omit<Updateable<JobTable>, 'id' | 'public_id' | 'created_at'>;
