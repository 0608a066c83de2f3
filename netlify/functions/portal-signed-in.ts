// GET /api/portal/signed-in: whether this browser has a portal session (never a 401; no personal data).
import { portalSignedInContract } from '../../src/lib/api/portal.contract';
import { customerFromRequest } from '../../src/server/auth/customer-session';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';

export default defineHandler(portalSignedInContract, ({ request }) => withDb(async (db) => ({ signedIn: (await customerFromRequest(db, request)) !== null })));

export const config = { path: '/api/portal/signed-in' };
