/** Fixed-window request counters per client, kept in the database so every function instance shares them. */
import type { ColumnType } from 'kysely';

export interface RateLimitCounterTable {
  /** What is limited, e.g. 'leads'. */
  bucket: string;
  /** SHA-256 of the client address. */
  client_hash: string;
  window_start: ColumnType<Date, Date | string, Date | string>;
  hits: number;
}
