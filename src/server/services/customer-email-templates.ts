/**
 * Every message customers receive by email, with its default wording (Liquid), its category and its
 * merge fields (each with a description and sample data for the preview). Staff may override the
 * subject and body in /admin/email-templates (table `email_templates`); the layout around the body
 * (postal address, preferences and unsubscribe links) is in customer-email.ts and not editable.
 */
import { austinOffice, company, marbleFallsOffice } from '../../business';
import { creditValidDays, referralTerms } from '../../business/referrals';
import type { OutboxCategory } from '../db/tables/outbox-message.table';

export interface MergeField {
  name: string;
  description: string;
  sample: string;
}

export interface CustomerEmailTemplate {
  key: CustomerTemplateKey;
  name: string;
  /** When the message is sent, for staff reading the list. */
  when: string;
  category: OutboxCategory;
  subject: string;
  body: string;
  fields: readonly MergeField[];
}

/** Fields every template may use; the sender never passes them. */
export const commonFields: readonly MergeField[] = [
  { name: 'company_name', description: 'The company\'s name.', sample: company.name },
  { name: 'phone_austin', description: 'The Austin office\'s phone number.', sample: austinOffice.phone },
  { name: 'phone_marble_falls', description: 'The Marble Falls office\'s phone number.', sample: marbleFallsOffice.phone },
  { name: 'preferences_link', description: 'The recipient\'s own email preferences page (also in every footer).', sample: 'https://www.plumbersthatcare.com/email-preferences/sample-token' },
];

export const customerTemplateKeys = [
  'review-request', 'review-reminder-1', 'review-reminder-2',
  'referral-welcome', 'referral-thank-you', 'referral-reward',
  'order-request', 'order-receipt', 'membership-renewal', 'portal-sign-in-code', 'preferences-link',
] as const;
export type CustomerTemplateKey = (typeof customerTemplateKeys)[number];

const reviewFields: readonly MergeField[] = [
  { name: 'first_name', description: 'The customer\'s first name.', sample: 'Maria' },
  { name: 'service', description: 'The service of the completed job.', sample: 'Water heater repair' },
  { name: 'review_link', description: 'Our review form, pre-filled for this job.', sample: 'https://www.plumbersthatcare.com/leave-review/sample-token' },
  { name: 'google_link', description: 'Our Google review page (empty when not set in review settings).', sample: 'https://g.page/r/sample/review' },
  { name: 'facebook_link', description: 'Our Facebook reviews page (empty when not set).', sample: 'https://www.facebook.com/econoplumbing/reviews' },
  { name: 'yelp_link', description: 'Our Yelp page (empty when not set).', sample: 'https://www.yelp.com/biz/economy-plumbing-services-austin-3' },
];

// Every customer gets the same options: no gating by rating (FTC 16 CFR 465, Google's policy).
const reviewOptions = `Leave a review on our own form (it takes a minute):
{{ review_link }}
{% if google_link %}
Or on Google: {{ google_link }}{% endif %}{% if facebook_link %}
Or on Facebook: {{ facebook_link }}{% endif %}{% if yelp_link %}
Or on Yelp: {{ yelp_link }}{% endif %}`;

const orderFields: readonly MergeField[] = [
  { name: 'name', description: 'The buyer\'s name.', sample: 'Maria Lopez' },
  { name: 'order_number', description: 'The order number.', sample: 'EPS-001042' },
  { name: 'phone', description: 'The buyer\'s phone number.', sample: '(512) 555-0100' },
  { name: 'total', description: 'The order total.', sample: '$139.25' },
  { name: 'order_details', description: 'The order\'s lines, total and addresses, one per line.', sample: 'Order: EPS-001042\nItems: Silver VIP Membership (Tank Water Heater) for 9 Pecan Street, Austin, TX 78702: 1 × $139.25\nTotal: $139.25' },
];

export const customerEmailTemplates: readonly CustomerEmailTemplate[] = [
  {
    key: 'review-request', name: 'Review request', when: 'The morning after a job is completed.', category: 'review_request',
    subject: 'How did we do, {{ first_name }}?',
    body: `Hello {{ first_name }},

Thank you for choosing {{ company_name }} for your {{ service }}. Would you tell others how it went? Every review helps, whatever you thought of our work.

${reviewOptions}

If something was not right, call us at {{ phone_austin }} (Austin) or {{ phone_marble_falls }} (Marble Falls) and we will make it right.`,
    fields: reviewFields,
  },
  {
    key: 'review-reminder-1', name: 'Review reminder 1', when: '3 days after the request, if no review came in.', category: 'review_request',
    subject: 'A minute for a review, {{ first_name }}?',
    body: `Hello {{ first_name }},

A few days ago we finished your {{ service }}. If you have a minute, we would be grateful for a review, good or bad.

${reviewOptions}`,
    fields: reviewFields,
  },
  {
    key: 'review-reminder-2', name: 'Review reminder 2', when: '7 days after the request, if no review came in. The last one.', category: 'review_request',
    subject: 'Last reminder: your review of {{ company_name }}',
    body: `Hello {{ first_name }},

This is our last reminder about your {{ service }}: a short review helps your neighbours choose a plumber.

${reviewOptions}

We will not ask again for this job.`,
    fields: reviewFields,
  },
  {
    key: 'referral-welcome', name: 'Referral welcome', when: 'When a referred friend claims the offer.', category: 'referral',
    subject: 'Welcome, {{ first_name }}: {{ friend_discount }} off your first service',
    body: `Hello {{ first_name }},

{{ referrer_first_name }} referred you to {{ company_name }}. Your first service with us of {{ minimum_job }} or more is {{ friend_discount }} off; mention the referral when you book.

Call {{ phone_austin }} (Austin) or {{ phone_marble_falls }} (Marble Falls) to book.`,
    fields: [
      { name: 'first_name', description: 'The friend\'s first name.', sample: 'Jordan' },
      { name: 'referrer_first_name', description: 'The first name of the customer who referred them.', sample: 'Maria' },
      { name: 'friend_discount', description: 'The friend\'s discount.', sample: referralTerms.friendDiscount },
      { name: 'minimum_job', description: 'The smallest first service the discount applies to.', sample: referralTerms.minimumJob },
    ],
  },
  {
    key: 'referral-thank-you', name: 'Referral thank-you', when: 'When a customer\'s referred friend gets in touch.', category: 'referral',
    subject: 'Thank you for referring {{ friend_first_name }}',
    body: `Hello {{ first_name }},

Thank you for referring {{ friend_first_name }} to us. When their first service of {{ minimum_job }} or more is paid, you get a {{ referrer_credit }} service credit; we will email you when it is yours.`,
    fields: [
      { name: 'first_name', description: 'The referrer\'s first name.', sample: 'Maria' },
      { name: 'friend_first_name', description: 'The referred friend\'s first name.', sample: 'Jordan' },
      { name: 'referrer_credit', description: 'The referrer\'s credit.', sample: referralTerms.referrerCredit },
      { name: 'minimum_job', description: 'The smallest first service that earns the credit.', sample: referralTerms.minimumJob },
    ],
  },
  {
    key: 'referral-reward', name: 'Referral reward', when: 'When a referred friend\'s first qualifying job is paid.', category: 'referral',
    subject: 'You earned a {{ credit }} service credit',
    body: `Hello {{ first_name }},

Thank you for referring {{ friend_first_name }} to us. Their first service is done and paid, so a {{ credit }} service credit is now on your account.

Use it on any service until {{ valid_until }} ({{ valid_days }} days); mention it when you book. Credits have no cash value.`,
    fields: [
      { name: 'first_name', description: 'The referrer\'s first name.', sample: 'Maria' },
      { name: 'friend_first_name', description: 'The referred friend\'s first name.', sample: 'Jordan' },
      { name: 'credit', description: 'The credit earned.', sample: referralTerms.referrerCredit },
      { name: 'valid_until', description: 'The last day the credit can be used.', sample: 'May 24, 2027' },
      { name: 'valid_days', description: 'How many days the credit is valid.', sample: String(creditValidDays) },
    ],
  },
  {
    key: 'order-request', name: 'Order request received', when: 'When the store saves an order without online payment.', category: 'transactional',
    subject: 'We received your order request {{ order_number }}',
    body: `Hello {{ name }},

Thank you for your order request. Nothing has been charged: our office will call you at {{ phone }} during business hours ({{ hours }}) to take payment and, for a membership, to schedule your first visit.

Questions? Call us at {{ phone_austin }} (Austin) or {{ phone_marble_falls }} (Marble Falls).

{{ order_details }}`,
    fields: [...orderFields, { name: 'hours', description: 'The office hours.', sample: company.hours.weekdays.label }],
  },
  {
    key: 'order-receipt', name: 'Order receipt', when: 'When an online payment is confirmed.', category: 'transactional',
    subject: 'Your receipt for order {{ order_number }}',
    body: `Hello {{ name }},

Thank you: we received your payment of {{ total }}.
{% if memberships %}
{{ memberships }}
{% endif %}
{{ next_step }}

Questions? Call us at {{ phone_austin }} (Austin) or {{ phone_marble_falls }} (Marble Falls).

{{ order_details }}`,
    fields: [
      ...orderFields,
      { name: 'memberships', description: 'Each membership bought, with its dates (empty for products only).', sample: 'Silver VIP Membership (Tank Water Heater): from January 15, 2026 to January 14, 2027. It does not renew by itself; we will remind you before it ends.' },
      { name: 'next_step', description: 'What happens next: a call to schedule, or shipping.', sample: 'Our office will call you to schedule your first visit.' },
    ],
  },
  {
    key: 'membership-renewal', name: 'Membership renewal reminder', when: '30 and 7 days before a membership ends.', category: 'service_reminder',
    subject: 'Your {{ plan_name }} ends on {{ ends_on }}',
    body: `Hello {{ name }},

Your {{ plan_name }} for {{ address }} ends on {{ ends_on }}. It does not renew by itself, so nothing will be charged unless you choose to renew.

To keep your priority scheduling and member pricing, renew it here; the new term starts the day after this one ends:
{{ renew_link }}

Questions? Call us at {{ phone_austin }} (Austin) or {{ phone_marble_falls }} (Marble Falls).`,
    fields: [
      { name: 'name', description: 'The customer\'s name.', sample: 'Maria Lopez' },
      { name: 'plan_name', description: 'The membership plan.', sample: 'Silver VIP Membership (Tank Water Heater)' },
      { name: 'address', description: 'The service address it covers.', sample: '9 Pecan Street, Austin, TX 78702' },
      { name: 'ends_on', description: 'The last day of the membership.', sample: 'January 14, 2027' },
      { name: 'days_left', description: 'Days until it ends.', sample: '30' },
      { name: 'renew_link', description: 'Checkout for the same plan, pre-filled with their details and the address.', sample: `https://www.plumbersthatcare.com/store/checkout/silver-vip-tank?renew=${'0'.repeat(64)}` },
    ],
  },
  {
    key: 'portal-sign-in-code', name: 'Customer portal sign-in code', when: 'When a customer asks to sign in to the portal.', category: 'transactional',
    subject: '{{ code }} is your {{ company_name }} sign-in code',
    body: `Your sign-in code is {{ code }}.

Or open this link and press "Sign in":
{{ link }}

The code works once, for {{ minutes }} minutes. If you did not ask to sign in, ignore this email: nobody can sign in without the code.`,
    fields: [
      { name: 'code', description: 'The 6-digit code.', sample: '123456' },
      { name: 'link', description: 'The portal with the email and code filled in.', sample: 'https://www.plumbersthatcare.com/customer-portal?email=maria%40example.com&code=123456' },
      { name: 'minutes', description: 'How long the code works.', sample: '10' },
    ],
  },
  {
    key: 'preferences-link', name: 'Email preferences link', when: 'When someone asks on /unsubscribe for the link to an address\'s preferences.', category: 'transactional',
    subject: 'Your email preferences at {{ company_name }}',
    body: `Hello,

Someone (we hope you) asked for the link to this address's email preferences. Open it to choose which emails you get from us, or to unsubscribe from all of them:
{{ preferences_link }}

If you did not ask, ignore this email: nothing changes without the link.`,
    fields: [],
  },
];

export function templateDefinition(key: string): CustomerEmailTemplate | undefined {
  return customerEmailTemplates.find((t) => t.key === key);
}

/** Every field a template may use: its own and the common ones. */
export const allFieldsOf = (template: CustomerEmailTemplate): readonly MergeField[] => [...template.fields, ...commonFields];
