/**
 * The review-request emails (the request and two reminders), from their templates in
 * /admin/email-templates. Every customer gets the same options: our own form through the request's
 * link, and each public profile set in the review settings (no gating by rating: FTC 16 CFR 465).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { ReviewRequest } from '../db/tables/review-request.table';
import { queueCustomerEmail } from './customer-email';
import { firstNameOf } from './referral-codes';
import type { ReviewSettings } from './review-settings';

export const reviewRequestTemplateKeys = ['review-request', 'review-reminder-1', 'review-reminder-2'] as const;

export function reviewLinkFor(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/$/, '')}/leave-review/${token}`;
}

/** Queues step 1, 2 or 3 of a request through the outbox; returns the message id. */
export async function queueReviewRequestEmail(trx: Kysely<Database>, request: ReviewRequest, step: number, settings: ReviewSettings, siteUrl: string): Promise<number> {
  const message = await queueCustomerEmail(trx, {
    template: reviewRequestTemplateKeys[step - 1]!,
    topic: reviewRequestTemplateKeys[step - 1]!,
    to: request.email,
    customerId: request.customer_id,
    siteUrl,
    data: {
      first_name: firstNameOf(request.name),
      service: request.service.toLowerCase(),
      review_link: reviewLinkFor(siteUrl, request.token),
      google_link: settings.links.google,
      facebook_link: settings.links.facebook,
      yelp_link: settings.links.yelp,
    },
  });
  return message.id;
}
