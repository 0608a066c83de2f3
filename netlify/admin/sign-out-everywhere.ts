// POST /api/admin/session/sign-out-everywhere: ends every session of the signed-in staff member (audited).
import { signOutEverywhereContract } from '../../src/lib/api/admin/session.contract';
import { deleteSessionsOf } from '../../src/server/auth/staff.repository';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { recordAudit } from '../../src/server/repositories/audit.repository';

export default defineHandler(signOutEverywhereContract, ({ staff, requestId }) =>
  withDb((db) => db.transaction().execute(async (trx) => {
    const ended = await deleteSessionsOf(trx, staff.email);
    await recordAudit(trx, { actor: staff.email, action: 'staff.sign-out-everywhere', entity: 'staff', entityId: staff.email, after: { ended }, requestId });
    return { ended };
  })));

export const path = '/api/admin/session/sign-out-everywhere';
