// GET /api/portal/overview: the signed-in customer's profile, addresses, memberships, orders, visits and booking requests.
import { portalOverviewContract } from '../../src/lib/api/portal.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { chosenCustomer, portalOverview } from '../../src/server/services/customer-portal';

export default defineHandler(portalOverviewContract, ({ customer, request }) => withDb((db) => portalOverview(db, chosenCustomer(customer), new URL(request.url).origin)));

export const config = { path: '/api/portal/overview' };
