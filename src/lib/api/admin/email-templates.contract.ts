/**
 * /admin/email-templates: every message customers receive, with staff's wording or the default,
 * its merge fields, a preview rendered by the server with sample data, a test sent to the signed-in
 * staff member, and going back to the default. Wording that does not parse or names an unknown merge
 * field is refused with a 422 naming it.
 */
import { z } from 'zod';
import { defineContract } from '../contract';

const field = z.object({ name: z.string(), description: z.string(), sample: z.string() });
const templateRow = z.object({
  key: z.string(),
  name: z.string(),
  when: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  customised: z.boolean(),
  subject: z.string(),
  body: z.string(),
  defaultSubject: z.string(),
  defaultBody: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
  fields: z.array(field),
  commonFields: z.array(field),
});
export type EmailTemplateRow = z.output<typeof templateRow>;

const keyParams = z.strictObject({ key: z.string().regex(/^[a-z0-9-]{1,60}$/) });
export const templateWordingSchema = z.strictObject({
  subject: z.string('Write a subject.').trim().min(1, 'Write a subject.').max(300, 'Use at most 300 characters for the subject.'),
  body: z.string('Write the email.').trim().min(1, 'Write the email.').max(20_000, 'Use at most 20,000 characters for the email.'),
});

export const adminEmailTemplateListContract = defineContract({
  path: '/api/admin/email-templates',
  method: 'GET',
  access: 'staff',
  query: z.strictObject({}),
  response: z.object({ templates: z.array(templateRow) }),
});

export const adminEmailTemplateSaveContract = defineContract({
  path: '/api/admin/email-templates/:key',
  method: 'PUT',
  access: 'staff',
  params: keyParams,
  request: templateWordingSchema,
  response: templateRow,
});

export const adminEmailTemplateRevertContract = defineContract({
  path: '/api/admin/email-templates/:key',
  method: 'DELETE',
  access: 'staff',
  params: keyParams,
  request: z.strictObject({}),
  response: templateRow,
});

export const adminEmailTemplatePreviewContract = defineContract({
  path: '/api/admin/email-templates/:key/preview',
  method: 'POST',
  access: 'staff',
  params: keyParams,
  request: templateWordingSchema,
  response: z.object({ subject: z.string(), text: z.string(), html: z.string() }),
});

export const adminEmailTemplateTestContract = defineContract({
  path: '/api/admin/email-templates/:key/test',
  method: 'POST',
  access: 'staff',
  params: keyParams,
  request: templateWordingSchema,
  response: z.object({ sentTo: z.string() }),
});
