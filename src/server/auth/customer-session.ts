/**
 * Who is asking on a portal endpoint: the signed-in customer behind the portal session cookie,
 * checked on the server for every `customer` contract (src/server/http/handler.ts). The session
 * carries the email that signed in and, once chosen, one customer record with that email; a record
 * that was merged away or no longer has that email is dropped from the session here.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Customer } from '../db/tables/customer.table';
import { listCustomersByEmail } from '../repositories/customer.repository';
import { createCustomerAuth } from './customer-auth';

export interface CustomerSession {
  sessionId: string;
  email: string;
  /** Every live customer record with the session's email: the accounts the person may choose. */
  accounts: Customer[];
  /** The chosen record (one of `accounts`); null until chosen when there are several. */
  customer: Customer | null;
}

export async function customerFromRequest(db: Kysely<Database>, request: Request): Promise<CustomerSession | null> {
  const found = await createCustomerAuth(db, request).api.getSession({ headers: request.headers, query: { disableCookieCache: true } });
  if (!found) return null;
  const { session, user } = found;
  const accounts = await listCustomersByEmail(db, user.email);
  if (accounts.length === 0) {
    await db.deleteFrom('portal_sessions').where('id', '=', session.id).execute();
    return null;
  }
  const row = await db.selectFrom('portal_sessions').select('customer_id').where('id', '=', session.id).executeTakeFirst();
  let customer = accounts.find((a) => a.id === row?.customer_id) ?? null;
  // One record: nothing to choose.
  if (!customer && accounts.length === 1) customer = accounts[0]!;
  if ((customer?.id ?? null) !== (row?.customer_id ?? null)) {
    await db.updateTable('portal_sessions').set({ customer_id: customer?.id ?? null }).where('id', '=', session.id).execute();
  }
  return { sessionId: session.id, email: user.email, accounts, customer };
}

/** Points the session at one of its accounts; false when the record is not one of them. */
export async function chooseCustomerAccount(db: Kysely<Database>, session: CustomerSession, publicId: string): Promise<Customer | null> {
  const chosen = session.accounts.find((a) => a.public_id === publicId);
  if (!chosen) return null;
  await db.updateTable('portal_sessions').set({ customer_id: chosen.id }).where('id', '=', session.sessionId).execute();
  return chosen;
}
