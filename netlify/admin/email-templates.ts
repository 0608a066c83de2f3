// GET /api/admin/email-templates: every customer email template, with staff's wording or the default and its merge fields.
import { adminEmailTemplateListContract } from '../../src/lib/api/admin/email-templates.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { listEmailTemplates } from '../../src/server/services/admin-email-templates';

export default defineHandler(adminEmailTemplateListContract, () => withDb((db) => listEmailTemplates(db)));

export const path = '/api/admin/email-templates';
