/**
 * /admin/review-requests: every request with its step, next send and stop reason; stop one or send
 * it again; the settings (the links every customer is offered, the master switch, the send hour);
 * and the figures (sent, opened through the link, reviews left, average rating by source).
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { isHttpsAddress } from '../https-address';

export const reviewRequestStatuses = ['waiting', 'reviewed', 'stopped', 'done'] as const;
export const reviewRequestStopReasons = ['review', 'unsubscribed', 'suppressed', 'bounced', 'staff', 'switched-off'] as const;
export const reviewRequestSorts = ['created_at', 'next_send_at', 'status', 'customer'] as const;

const requestParams = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });
const iso = z.string();

export const reviewRequestRow = z.object({
  id: z.string(),
  customer: z.object({ id: z.string(), name: z.string() }),
  email: z.string(),
  service: z.string(),
  jobId: z.string(),
  jobCompletedAt: iso.nullable(),
  status: z.enum(reviewRequestStatuses),
  /** Emails sent: 0 (waiting for the first), 1 (the request), 2 and 3 (the reminders). */
  step: z.number().int(),
  nextSendAt: iso.nullable(),
  lastSentAt: iso.nullable(),
  stopReason: z.enum(reviewRequestStopReasons).nullable(),
  openedAt: iso.nullable(),
  createdAt: iso,
});
export type ReviewRequestRow = z.infer<typeof reviewRequestRow>;

export const adminReviewRequestListContract = defineContract({
  path: '/api/admin/review-requests',
  method: 'GET',
  access: 'staff',
  query: z.strictObject({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(5).max(100).default(25),
    status: z.enum(reviewRequestStatuses).optional(),
    sort: z.enum(reviewRequestSorts).default('created_at'),
    dir: z.enum(['asc', 'desc']).default('desc'),
  }),
  response: z.object({ rows: z.array(reviewRequestRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});

/** Ends a waiting sequence: nothing more is sent. Audited. */
export const adminReviewRequestStopContract = defineContract({
  path: '/api/admin/review-requests/:id/stop',
  method: 'POST',
  access: 'staff',
  params: requestParams,
  response: reviewRequestRow,
});

/** Sends the request (or the last email sent) again now, unless a review came in or the address opted out. Audited. */
export const adminReviewRequestResendContract = defineContract({
  path: '/api/admin/review-requests/:id/resend',
  method: 'POST',
  access: 'staff',
  params: requestParams,
  response: reviewRequestRow,
});

const link = (name: string) =>
  z.string().trim().max(500, `The ${name} link has at most 500 characters.`)
    .refine(isHttpsAddress, `Enter the full ${name} review address starting with https://, or leave it empty.`).nullable();

export const reviewSettingsView = z.object({
  enabled: z.boolean(),
  sendHour: z.number().int(),
  links: z.object({ google: z.string().nullable(), facebook: z.string().nullable(), yelp: z.string().nullable() }),
});

export const adminReviewSettingsContract = defineContract({
  path: '/api/admin/review-requests/settings',
  method: 'PUT',
  access: 'staff',
  request: z.strictObject({
    enabled: z.boolean({ error: 'Say whether review requests are sent.' }),
    sendHour: z.number({ error: 'Choose the hour requests go out.' }).int('Choose a whole hour.').min(8, 'Requests go out between 8 AM and 6 PM.').max(18, 'Requests go out between 8 AM and 6 PM.'),
    links: z.strictObject({ google: link('Google'), facebook: link('Facebook'), yelp: link('Yelp') }),
  }),
  response: reviewSettingsView,
});

export const reviewFigures = z.object({
  requests: z.number().int(),
  sent: z.number().int(),
  opened: z.number().int(),
  reviewed: z.number().int(),
  stopped: z.number().int(),
  /** Reviews by source (spam and local samples left out): how many, how many are published, and their average rating. */
  bySource: z.array(z.object({ source: z.string(), label: z.string(), count: z.number().int(), approved: z.number().int(), averageRating: z.number().nullable() })),
});

export const adminReviewRequestSummaryContract = defineContract({
  path: '/api/admin/review-requests/summary',
  method: 'GET',
  access: 'staff',
  response: z.object({ settings: reviewSettingsView, figures: reviewFigures }),
});
