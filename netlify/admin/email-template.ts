// PUT and DELETE /api/admin/email-templates/:key: save staff's wording (checked first), or go back to the default (audited).
import { adminEmailTemplateRevertContract, adminEmailTemplateSaveContract } from '../../src/lib/api/admin/email-templates.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { revertEmailTemplate, saveEmailTemplate } from '../../src/server/services/admin-email-templates';

export default defineHandlers(
  defineHandler(adminEmailTemplateSaveContract, ({ params, body, staff, requestId }) => withDb((db) => saveEmailTemplate(db, params.key, body, { email: staff.email, requestId }))),
  defineHandler(adminEmailTemplateRevertContract, ({ params, staff, requestId }) => withDb((db) => revertEmailTemplate(db, params.key, { email: staff.email, requestId }))),
);

export const path = '/api/admin/email-templates/:key';
