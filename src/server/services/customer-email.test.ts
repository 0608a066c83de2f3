/**
 * Customer email templates on PGlite and PostgreSQL: every default renders with its sample data;
 * wording naming an unknown merge field, or not parsing, is refused with a sentence naming it and
 * nothing is stored; staff's wording is used by queueCustomerEmail until it is reverted (both
 * audited); the preview and every queued email carry the postal address and the preferences link,
 * and only non-transactional ones the unsubscribe link and the RFC 8058 headers.
 */
import { describe, expect, test } from 'vitest';
import { austinOffice, marbleFallsOffice } from '../../business';
import { describeEachDatabase } from '../db/test-databases';
import { HttpError } from '../http/response';
import { findPreferenceByEmail } from '../repositories/email-preference.repository';
import { listEmailTemplates, previewEmailTemplate, revertEmailTemplate, saveEmailTemplate } from './admin-email-templates';
import { checkTemplate, queueCustomerEmail, renderCustomerEmail } from './customer-email';
import { allFieldsOf, customerEmailTemplates, templateDefinition } from './customer-email-templates';

const actor = { email: 'templates.staff@example.com', requestId: 'req-templates' };
const reviewData = { first_name: 'Maria', service: 'Water heater repair', review_link: 'https://example.com/leave-review/abc', google_link: null, facebook_link: '', yelp_link: 'https://www.yelp.com/biz/x' };
const refusal = (run: () => unknown): HttpError => {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('checkTemplate', () => {
  test.each(customerEmailTemplates.map((t) => [t.key, t] as const))('the default wording of %s renders with its sample data', (_key, template) => {
    const rendered = checkTemplate(template, template.subject, template.body);
    expect(rendered.subject.length).toBeGreaterThan(0);
    expect(rendered.text).not.toMatch(/\{\{|\{%/);
  });

  test('an unknown merge field is refused with a 422 naming it and the fields there are', () => {
    const template = templateDefinition('review-request')!;
    const error = refusal(() => checkTemplate(template, 'Hi {{ first_name }}', 'Your code: {{ coupon_code }}'));
    expect(error.status).toBe(422);
    expect(error.message).toContain('"coupon_code"');
    expect(error.message).toContain('first_name');
    expect(error.options.fields).toHaveProperty('body');
    expect(refusal(() => checkTemplate(template, '{{ nope.deep }}', 'Body')).message).toMatch(/subject uses the merge field "nope"/);
  });

  test('wording that does not parse, uses an unknown filter or includes a file is refused', () => {
    const template = templateDefinition('order-receipt')!;
    expect(refusal(() => checkTemplate(template, 'Receipt', '{% if name %}unclosed')).message).toMatch(/not valid Liquid/);
    expect(refusal(() => checkTemplate(template, 'Receipt {{ name | shout }}', 'Body')).status).toBe(422);
    expect(refusal(() => checkTemplate(template, 'Receipt', '{% include "secrets" %}')).status).toBe(422);
    expect(refusal(() => checkTemplate(template, '{% if false %}x{% endif %}', 'Body')).message).toMatch(/subject is empty/);
  });

  test('loop variables and assignments are not mistaken for merge fields', () => {
    const template = templateDefinition('portal-sign-in-code')!;
    expect(checkTemplate(template, 'Code {{ code }}', '{% assign greeting = "Hi" %}{{ greeting }} {% for c in (1..2) %}{{ c }}{% endfor %}').text).toBe('Hi 12');
  });
});

describeEachDatabase('customer email templates', (db) => {
  test('staff wording is refused when it names an unknown field, and nothing is stored', async () => {
    await expect(saveEmailTemplate(db(), 'review-request', { subject: 'Hi {{ first_name }}', body: 'Hello {{ customer_nickname }}' }, actor)).rejects.toMatchObject({ status: 422, message: expect.stringContaining('customer_nickname') });
    expect(await db().selectFrom('email_templates').selectAll().execute()).toEqual([]);
    await expect(saveEmailTemplate(db(), 'no-such-template', { subject: 'x', body: 'y' }, actor)).rejects.toMatchObject({ status: 404 });
  });

  test('saved wording is used for new emails until reverted; both changes are audited', async () => {
    const saved = await saveEmailTemplate(db(), 'review-request', { subject: 'A quick favour, {{ first_name }}?', body: 'Hi {{ first_name }}, tell us about your {{ service }}: {{ review_link }}' }, actor);
    expect(saved).toMatchObject({ customised: true, updatedBy: actor.email, subject: 'A quick favour, {{ first_name }}?' });
    const custom = await queueCustomerEmail(db(), { template: 'review-request', to: 'Maria.Custom@Example.com', data: reviewData, customerId: null });
    expect(custom.payload.subject).toBe('A quick favour, Maria?');
    expect(custom.payload.text).toContain('Hi Maria, tell us about your Water heater repair: https://example.com/leave-review/abc');

    const reverted = await revertEmailTemplate(db(), 'review-request', actor);
    expect(reverted).toMatchObject({ customised: false, subject: templateDefinition('review-request')!.subject, updatedBy: null });
    const again = await queueCustomerEmail(db(), { template: 'review-request', to: 'maria.custom@example.com', data: reviewData });
    expect(again.payload.subject).toBe('How did we do, Maria?');
    expect(again.payload.text).toContain('Or on Yelp: https://www.yelp.com/biz/x');
    expect(again.payload.text).not.toContain('Google');

    const audit = await db().selectFrom('audit_log').select(['action', 'actor_email', 'entity_id']).where('entity', '=', 'email-template').orderBy('at').orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'email-template.change', actor_email: actor.email, entity_id: 'review-request' },
      { action: 'email-template.revert', actor_email: actor.email, entity_id: 'review-request' },
    ]);
    const listed = await listEmailTemplates(db());
    expect(listed.templates.map((t) => t.key)).toEqual(customerEmailTemplates.map((t) => t.key));
    expect(listed.templates.every((t) => !t.customised)).toBe(true);
  });

  test('the preview renders the sample data in the layout, escaped, with the address and links', () => {
    const preview = previewEmailTemplate('review-request', { subject: 'Hi {{ first_name }}', body: 'Dear {{ first_name }} <script>alert(1)</script>\n\nReview: {{ review_link }}' }, 'https://site.example');
    expect(preview.subject).toBe('Hi Maria');
    expect(preview.html).toContain('Dear Maria &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(preview.html).not.toContain('<script>');
    expect(preview.html).toContain(`<a href="${allFieldsOf(templateDefinition('review-request')!).find((f) => f.name === 'review_link')!.sample}"`);
    for (const part of [preview.html, preview.text]) {
      expect(part).toContain(austinOffice.street);
      expect(part).toContain(marbleFallsOffice.street);
      expect(part).toContain('https://site.example/email-preferences/sample-token');
      expect(part).toContain('https://site.example/email-preferences/sample-token?unsubscribe=review_request');
    }
    const receipt = previewEmailTemplate('order-receipt', { subject: templateDefinition('order-receipt')!.subject, body: templateDefinition('order-receipt')!.body }, 'https://site.example');
    expect(receipt.text).toContain('Email preferences: https://site.example/email-preferences/sample-token');
    expect(receipt.text).not.toContain('Unsubscribe');
  });

  test('queued emails: audience customer, a token bound to the address, one-click headers only outside transactional', async () => {
    const review = await queueCustomerEmail(db(), { template: 'review-request', to: ' Pat.Queue@Example.com ', data: reviewData, siteUrl: 'https://site.example' });
    const preference = await findPreferenceByEmail(db(), 'pat.queue@example.com');
    expect(preference?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(review).toMatchObject({ audience: 'customer', channel: 'email', category: 'review_request', topic: 'customer-review-request', status: 'pending' });
    expect(review.payload.to).toBe('pat.queue@example.com');
    expect(review.payload.headers).toEqual({
      'List-Unsubscribe': `<https://site.example/api/email-preferences/one-click?token=${preference!.token}&category=review_request>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(review.payload.html).toContain(`https://site.example/email-preferences/${preference!.token}`);

    const receipt = await queueCustomerEmail(db(), {
      template: 'order-receipt', to: 'pat.queue@example.com', siteUrl: 'https://site.example',
      data: { name: 'Pat', order_number: 'EPS-000001', phone: '(512) 555-0100', total: '$29.53', memberships: '', next_step: 'We will let you know when your order ships.', order_details: 'Total: $29.53' },
    });
    expect(receipt.category).toBe('transactional');
    expect(receipt.payload.headers).toBeUndefined();
    expect(receipt.payload.text).toContain(`Email preferences: https://site.example/email-preferences/${preference!.token}`);
    expect(receipt.payload.text).not.toContain('one-click');

    await expect(renderCustomerEmail(db(), { template: 'review-request', to: 'x@example.com', data: { first_name: 'X' } })).rejects.toThrow(/needs the field service/);
  });
});
