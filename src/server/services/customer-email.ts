/**
 * Customer email: a template (staff's wording or the default) rendered with Liquid (strict
 * variables and filters, no includes, bounded time and memory), wrapped in the layout every customer
 * email carries (the postal address, the recipient's preferences link and, outside transactional
 * messages, an unsubscribe link plus RFC 8058 one-click headers), and written to the outbox in the
 * caller's transaction. Whether it may go out is decided again when it is sent (outbox.ts).
 */
import { Liquid } from 'liquidjs';
import type { Kysely } from 'kysely';
import { austinOffice, company, marbleFallsOffice } from '../../business';
import { readConfig } from '../config';
import type { Database } from '../db/database';
import type { OutboxCategory, OutboxEmail } from '../db/tables/outbox-message.table';
import { HttpError } from '../http/response';
import { ensurePreference, findTemplateOverride } from '../repositories/email-preference.repository';
import { insertOutboxMessage, type OutboxMessage } from '../repositories/outbox.repository';
import { allFieldsOf, commonFields, templateDefinition, type CustomerEmailTemplate, type CustomerTemplateKey } from './customer-email-templates';

export const defaultSiteUrl = 'https://www.plumbersthatcare.com';

/** The public site's address for links in emails: PUBLIC_SITE_URL, else the production address. */
export const siteUrlFromEnv = (env: Record<string, string | undefined> = process.env): string => (readConfig(env).PUBLIC_SITE_URL ?? defaultSiteUrl).replace(/\/$/, '');

const engine = new Liquid({
  strictVariables: true,
  strictFilters: true,
  ownPropertyOnly: true,
  // An empty field is false in {% if %} (Shopify's Liquid counts '' as true), so staff can write {% if google_link %}.
  jsTruthy: true,
  // An empty in-memory file set: {% include %}, {% render %} and {% layout %} find nothing.
  templates: {},
  parseLimit: 40_000,
  renderLimit: 500,
  memoryLimit: 2_000_000,
});

/** What each category is called where people read it (preferences page, footer, outbox). */
export const categoryLabels: Record<OutboxCategory, string> = {
  transactional: 'messages about your orders and account',
  review_request: 'review requests',
  referral: 'referral program emails',
  service_reminder: 'service and membership reminders',
  marketing: 'offers',
};

export type MergeData = Record<string, string | number | null | undefined>;

export interface RenderedEmail {
  subject: string;
  text: string;
}

/** A template that does not parse, uses an unknown field or fails with the sample data: a 422 naming why. */
export class TemplateProblem extends HttpError {
  constructor(message: string, field: 'subject' | 'body') {
    super(422, message, { fields: { [field]: message } });
  }
}

const liquidMessage = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 200);

/** Checks a subject and body for a template: parses, names only its merge fields, renders with the sample data. */
export function checkTemplate(template: CustomerEmailTemplate, subject: string, body: string): RenderedEmail {
  const known = new Set(allFieldsOf(template).map((f) => f.name));
  const listed = [...known].join(', ');
  for (const [part, source] of [['subject', subject], ['body', body]] as const) {
    let used: string[];
    try {
      used = engine.globalVariablesSync(engine.parse(source));
    } catch (error) {
      throw new TemplateProblem(`The ${part} is not valid Liquid (${liquidMessage(error)}). Check that every {{ and {% is closed.`, part);
    }
    const unknown = used.find((name) => !known.has(name));
    if (unknown) throw new TemplateProblem(`The ${part} uses the merge field "${unknown.slice(0, 60)}", which this template does not have. Use one of: ${listed}.`, part);
  }
  const sample = Object.fromEntries(allFieldsOf(template).map((f) => [f.name, f.sample]));
  try {
    return renderParts(subject, body, sample);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new TemplateProblem(`The template could not be rendered with the sample data (${liquidMessage(error)}).`, 'body');
  }
}

function renderParts(subject: string, body: string, data: MergeData): RenderedEmail {
  const renderedSubject = engine.parseAndRenderSync(subject, data).replace(/\s+/g, ' ').trim();
  if (!renderedSubject) throw new TemplateProblem('The subject is empty once the merge fields are filled in. Write a subject.', 'subject');
  const text = engine.parseAndRenderSync(body, data).replace(/\r\n?/g, '\n').replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  return { subject: renderedSubject.slice(0, 250), text };
}

export interface TemplateWording {
  subject: string;
  body: string;
  customised: boolean;
}

/** Staff's wording of a template, or its default. */
export async function templateWording(db: Kysely<Database>, template: CustomerEmailTemplate): Promise<TemplateWording> {
  const override = await findTemplateOverride(db, template.key);
  return override ? { subject: override.subject, body: override.body, customised: true } : { subject: template.subject, body: template.body, customised: false };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Escaped text with its web addresses made links (the addresses were escaped first, so nothing else becomes markup). */
function linkedHtml(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g, (url) => `<a href="${url}" style="color:#0b5394">${url}</a>`);
}

const officeLine = (o: typeof austinOffice) => `${o.name}: ${o.street}, ${o.city}, ${o.region} ${o.postalCode} · ${o.phone}`;

export interface LayoutLinks {
  preferences: string;
  /** The unsubscribe page for the message's category; absent for transactional messages. */
  unsubscribe?: string;
  category: OutboxCategory;
}

/** The layout around every customer email: the body, then the postal address and the links. */
export function wrapInLayout(rendered: RenderedEmail, links: LayoutLinks): { text: string; html: string } {
  const footerLines = [
    company.legalName,
    officeLine(austinOffice),
    officeLine(marbleFallsOffice),
  ];
  const why = links.category === 'transactional' ? 'You get this email because of your order or account with us.' : `You get this email because you are a customer of ${company.name}.`;
  const text = [
    rendered.text, '', '--', ...footerLines, why,
    `Email preferences: ${links.preferences}`,
    ...(links.unsubscribe ? [`Unsubscribe from ${categoryLabels[links.category]}: ${links.unsubscribe}`] : []),
    '',
  ].join('\n');
  const paragraphs = rendered.text.split(/\n{2,}/).map((p) => `<p style="margin:0 0 16px">${linkedHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
  const small = 'margin:0 0 6px;color:#555;font-size:12px;line-height:1.5';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(rendered.subject)}</title></head>
<body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<div style="max-width:600px;margin:0 auto;padding:24px 16px">
<p style="margin:0 0 20px;font-size:18px;font-weight:bold;color:#0b3d6b">${escapeHtml(company.name)}</p>
<div style="background:#ffffff;border-radius:8px;padding:24px;font-size:16px;line-height:1.55">
${paragraphs}
</div>
<div style="padding:16px 4px">
${footerLines.map((l) => `<p style="${small}">${escapeHtml(l)}</p>`).join('\n')}
<p style="${small}">${escapeHtml(why)}</p>
<p style="${small}"><a href="${escapeHtml(links.preferences)}" style="color:#0b5394">Email preferences</a>${links.unsubscribe ? ` · <a href="${escapeHtml(links.unsubscribe)}" style="color:#0b5394">Unsubscribe from ${escapeHtml(categoryLabels[links.category])}</a>` : ''}</p>
</div>
</div>
</body></html>`;
  return { text, html };
}

/** The links a preferences token opens, on `siteUrl`. */
export function preferenceLinks(siteUrl: string, token: string, category: OutboxCategory) {
  const base = siteUrl.replace(/\/$/, '');
  const transactional = category === 'transactional';
  return {
    preferences: `${base}/email-preferences/${token}`,
    unsubscribe: transactional ? undefined : `${base}/email-preferences/${token}?unsubscribe=${category}`,
    oneClick: transactional ? undefined : `${base}/api/email-preferences/one-click?token=${token}&category=${category}`,
  };
}

export interface CustomerEmailRequest {
  template: CustomerTemplateKey;
  to: string;
  /** Defaults to the template's own category (transactional for receipts and codes). */
  category?: OutboxCategory;
  /** The template's merge fields (the common ones are filled in here). */
  data: MergeData;
  customerId?: number | null;
  orderId?: number | null;
  leadId?: number | null;
  /** The outbox topic; defaults to `customer-<template>`. */
  topic?: string;
  now?: Date;
  siteUrl?: string;
  /** A staff member's test of staff's unsaved wording (the admin preview). */
  wording?: { subject: string; body: string };
}

/**
 * Renders a customer email as the outbox stores it: the template with the data, in the layout, with
 * the recipient's preferences token (the address gets a preferences row if it has none).
 */
export async function renderCustomerEmail(db: Kysely<Database>, request: CustomerEmailRequest): Promise<OutboxEmail & { category: OutboxCategory }> {
  const template = templateDefinition(request.template);
  if (!template) throw new Error(`renderCustomerEmail: no template ${request.template}.`);
  const missing = template.fields.find((f) => !(f.name in request.data));
  if (missing) throw new Error(`renderCustomerEmail: ${request.template} needs the field ${missing.name}.`);
  const category = request.category ?? template.category;
  const siteUrl = request.siteUrl ?? siteUrlFromEnv();
  const preference = await ensurePreference(db, request.to);
  const links = preferenceLinks(siteUrl, preference.token, category);
  const common: MergeData = Object.fromEntries(commonFields.map((f) => [f.name, f.sample]));
  common.preferences_link = links.preferences;
  const data: MergeData = { ...common, ...Object.fromEntries(Object.entries(request.data).map(([k, v]) => [k, v ?? ''])) };
  const wording = request.wording ?? (await templateWording(db, template));
  let rendered: RenderedEmail;
  try {
    rendered = renderParts(wording.subject, wording.body, data);
  } catch (error) {
    // Staff's saved wording was checked when saved; should it still fail, the default goes out rather than nothing.
    if (request.wording || (wording.subject === template.subject && wording.body === template.body)) throw error;
    rendered = renderParts(template.subject, template.body, data);
  }
  const { text, html } = wrapInLayout(rendered, { preferences: links.preferences, ...(links.unsubscribe ? { unsubscribe: links.unsubscribe } : {}), category });
  const headers: Record<string, string> | undefined = links.oneClick
    ? { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : undefined;
  return { to: preference.email, subject: rendered.subject, text, html, ...(headers ? { headers } : {}), category };
}

/**
 * Renders a customer email and writes it to the outbox (audience `customer`) in `db`, which may be
 * the transaction of what the email announces. Consent and suppression are checked when it is sent.
 */
export async function queueCustomerEmail(db: Kysely<Database>, request: CustomerEmailRequest): Promise<OutboxMessage> {
  const { category, ...payload } = await renderCustomerEmail(db, request);
  return insertOutboxMessage(db, {
    topic: request.topic ?? `customer-${request.template}`,
    lead_id: request.leadId ?? null,
    order_id: request.orderId ?? null,
    customer_id: request.customerId ?? null,
    channel: 'email',
    audience: 'customer',
    category,
    payload,
    ...(request.now ? { next_attempt_at: request.now } : {}),
  });
}
