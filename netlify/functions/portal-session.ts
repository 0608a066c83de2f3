// GET /api/portal/session: the signed-in customer's accounts; PUT: choose one of them (only records with their email).
import { portalChooseAccountContract, portalSessionContract } from '../../src/lib/api/portal.contract';
import { chooseCustomerAccount } from '../../src/server/auth/customer-session';
import { withDb } from '../../src/server/db/connect';
import { appError } from '../../src/server/http/errors';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { portalSessionView } from '../../src/server/services/customer-portal';

export default defineHandlers(
  defineHandler(portalSessionContract, ({ customer }) => withDb((db) => portalSessionView(db, customer))),
  defineHandler(portalChooseAccountContract, ({ customer, body }) => withDb(async (db) => {
    const chosen = await chooseCustomerAccount(db, customer, body.account);
    if (!chosen) throw appError('NotFound');
    return portalSessionView(db, { ...customer, customer: chosen });
  })),
);

export const config = { path: '/api/portal/session' };
