/** Customer portal sign-in: the Better Auth tables our code reads (camelCase, as Better Auth names them). */
import type { ColumnType } from 'kysely';
import type { AuthSessionTable, AuthUserTable } from './staff.table';

export type PortalUserTable = AuthUserTable;

/** A portal session, and the customer record the person chose for it (null until chosen). */
export interface PortalSessionTable extends AuthSessionTable {
  customer_id: ColumnType<number | null, number | null | undefined, number | null>;
}
