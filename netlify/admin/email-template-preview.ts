// POST /api/admin/email-templates/:key/preview: the wording rendered with sample data in the customer email layout.
import { adminEmailTemplatePreviewContract } from '../../src/lib/api/admin/email-templates.contract';
import { defineHandler } from '../../src/server/http/handler';
import { previewEmailTemplate } from '../../src/server/services/admin-email-templates';

export default defineHandler(adminEmailTemplatePreviewContract, ({ params, body }) => previewEmailTemplate(params.key, body));

export const path = '/api/admin/email-templates/:key/preview';
