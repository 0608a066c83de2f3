/**
 * /admin/email-templates: the list of customer messages with staff's wording or the default, saving
 * (checked first: it must parse, use only the template's merge fields and render with the sample
 * data), going back to the default, a preview in the layout, and a test to the staff member. Every
 * change is audited in its own transaction.
 */
import type { Kysely } from 'kysely';
import type { EmailTemplateRow } from '../../lib/api/admin/email-templates.contract';
import type { Database } from '../db/database';
import type { EmailTemplateRow as StoredTemplate } from '../db/tables/email.table';
import { appError } from '../http/errors';
import { recordAudit } from '../repositories/audit.repository';
import { listTemplateOverrides } from '../repositories/email-preference.repository';
import { insertOutboxMessage } from '../repositories/outbox.repository';
import { categoryLabels, checkTemplate, preferenceLinks, siteUrlFromEnv, wrapInLayout } from './customer-email';
import { commonFields, customerEmailTemplates, templateDefinition, type CustomerEmailTemplate } from './customer-email-templates';

export interface Actor {
  email: string;
  requestId: string;
}

export interface Wording {
  subject: string;
  body: string;
}

function row(template: CustomerEmailTemplate, override: StoredTemplate | undefined): EmailTemplateRow {
  return {
    key: template.key, name: template.name, when: template.when, category: template.category, categoryLabel: categoryLabels[template.category],
    customised: Boolean(override), subject: override?.subject ?? template.subject, body: override?.body ?? template.body,
    defaultSubject: template.subject, defaultBody: template.body,
    updatedBy: override?.updated_by ?? null, updatedAt: override ? new Date(override.updated_at).toISOString() : null,
    fields: [...template.fields], commonFields: [...commonFields],
  };
}

function definition(key: string): CustomerEmailTemplate {
  const template = templateDefinition(key);
  if (!template) throw appError('NotFound');
  return template;
}

export async function listEmailTemplates(db: Kysely<Database>): Promise<{ templates: EmailTemplateRow[] }> {
  const overrides = new Map((await listTemplateOverrides(db)).map((o) => [o.key, o]));
  return { templates: customerEmailTemplates.map((t) => row(t, overrides.get(t.key))) };
}

export async function saveEmailTemplate(db: Kysely<Database>, key: string, wording: Wording, actor: Actor, now = new Date()): Promise<EmailTemplateRow> {
  const template = definition(key);
  checkTemplate(template, wording.subject, wording.body);
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('email_templates').selectAll().where('key', '=', key).forUpdate().executeTakeFirst();
    const saved = await trx
      .insertInto('email_templates')
      .values({ key, subject: wording.subject, body: wording.body, updated_by: actor.email, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ subject: wording.subject, body: wording.body, updated_by: actor.email, updated_at: now }))
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: actor.email, action: 'email-template.change', entity: 'email-template', entityId: key, requestId: actor.requestId,
      before: before ? { subject: before.subject, body: before.body } : { subject: template.subject, body: template.body, default: true },
      after: { subject: saved.subject, body: saved.body },
    });
    return row(template, saved);
  });
}

/** Back to the default wording (deletes staff's); audited. */
export async function revertEmailTemplate(db: Kysely<Database>, key: string, actor: Actor): Promise<EmailTemplateRow> {
  const template = definition(key);
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('email_templates').where('key', '=', key).returningAll().executeTakeFirst();
    if (removed) {
      await recordAudit(trx, {
        actor: actor.email, action: 'email-template.revert', entity: 'email-template', entityId: key, requestId: actor.requestId,
        before: { subject: removed.subject, body: removed.body }, after: { subject: template.subject, body: template.body, default: true },
      });
    }
    return row(template, undefined);
  });
}

/** The email as a customer would get it, with the sample data and sample links. */
export function previewEmailTemplate(key: string, wording: Wording, siteUrl = siteUrlFromEnv()): { subject: string; text: string; html: string } {
  const template = definition(key);
  const rendered = checkTemplate(template, wording.subject, wording.body);
  const links = preferenceLinks(siteUrl, 'sample-token', template.category);
  return { subject: rendered.subject, ...wrapInLayout(rendered, { preferences: links.preferences, ...(links.unsubscribe ? { unsubscribe: links.unsubscribe } : {}), category: template.category }) };
}

/** Queues the preview to the signed-in staff member (a staff message: no preferences apply); answers the outbox id. */
export async function queueTemplateTest(db: Kysely<Database>, key: string, wording: Wording, actor: Actor): Promise<{ sentTo: string; messageId: number }> {
  const preview = previewEmailTemplate(key, wording);
  const message = await insertOutboxMessage(db, {
    topic: 'email-template-test', lead_id: null, audience: 'staff', channel: 'email', category: 'transactional',
    payload: { to: actor.email, subject: `[Test] ${preview.subject}`.slice(0, 250), text: preview.text, html: preview.html },
  });
  return { sentTo: actor.email, messageId: message.id };
}

