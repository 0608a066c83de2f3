// POST /api/admin/email-templates/:key/test: the preview emailed to the signed-in staff member.
import { adminEmailTemplateTestContract } from '../../src/lib/api/admin/email-templates.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { deliverSoon } from '../../src/server/http/lead-submission';
import { queueTemplateTest } from '../../src/server/services/admin-email-templates';

export default defineHandler(adminEmailTemplateTestContract, async ({ params, body, staff, requestId, context, log }) => {
  const { sentTo, messageId } = await withDb((db) => queueTemplateTest(db, params.key, body, { email: staff.email, requestId }));
  await deliverSoon(messageId, context, log);
  return { sentTo };
});

export const path = '/api/admin/email-templates/:key/test';
