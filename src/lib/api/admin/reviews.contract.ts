/**
 * Review moderation (/admin/reviews): every review, waiting ones first; staff approve, reject or mark
 * as spam, write or edit a public reply, and feature a review (shown first). A change to what the
 * public reviews blocks show records a publish request, so the static pages' rating rebuilds.
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { typedText } from '../lead-fields';

export const reviewStatuses = ['pending', 'approved', 'rejected', 'spam'] as const;
export const reviewSorts = ['newest', 'oldest', 'rating-high', 'rating-low'] as const;
export const replyMaxLength = 2000;

const photo = z.object({ id: z.string(), width: z.number().int(), height: z.number().int(), url: z.string() });
const reviewRow = z.object({
  id: z.number().int(),
  status: z.enum(reviewStatuses),
  spamReason: z.string().nullable(),
  rating: z.number().int(),
  title: z.string().nullable(),
  text: z.string(),
  authorName: z.string(),
  /** Private: for staff only, never published. */
  email: z.string().nullable(),
  source: z.string(),
  /** SPEC §3's label for the source, as the site shows it. */
  sourceLabel: z.string(),
  service: z.string().nullable(),
  consentToPublish: z.boolean(),
  photos: z.array(photo),
  reply: z.object({ text: z.string(), by: z.string().nullable(), at: z.string() }).nullable(),
  featured: z.boolean(),
  viaRequest: z.boolean(),
  isDemo: z.boolean(),
  createdAt: z.string(),
  moderatedBy: z.string().nullable(),
  moderatedAt: z.string().nullable(),
});
export type AdminReviewRow = z.output<typeof reviewRow>;

const idParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const adminReviewListContract = defineContract({
  path: '/api/admin/reviews',
  method: 'GET',
  access: 'staff',
  query: z.strictObject({
    status: z.enum([...reviewStatuses, 'all'], 'Choose waiting, approved, rejected, spam or all.').optional(),
    sort: z.enum(reviewSorts, 'Sort by newest, oldest, rating-high or rating-low.').optional(),
  }),
  response: z.object({ reviews: z.array(reviewRow), counts: z.record(z.enum(reviewStatuses), z.number().int()) }),
});

export const adminReviewUpdateContract = defineContract({
  path: '/api/admin/reviews/:id',
  method: 'PATCH',
  access: 'staff',
  params: idParams,
  request: z
    .strictObject({
      status: z.enum(reviewStatuses, 'Choose waiting, approved, rejected or spam.').optional(),
      featured: z.boolean('Featured is yes or no.').optional(),
      /** The public reply; an empty text removes it. */
      reply: typedText(replyMaxLength, `Use at most ${replyMaxLength.toLocaleString('en-US')} characters for the reply.`).optional(),
    })
    .refine((body) => body.status !== undefined || body.featured !== undefined || body.reply !== undefined, { error: 'Send a status, featured or a reply to change.', path: ['status'] }),
  response: reviewRow,
});

/** A review's photo as JPEG, for staff to look at before they approve. */
export const adminReviewPhotoContract = defineContract({
  path: '/api/admin/reviews/photos/:id',
  method: 'GET',
  access: 'staff',
  params: z.strictObject({ id: z.string().regex(/^[a-f0-9]{32}$/, 'There is no photo at this address.') }),
  query: z.strictObject({}),
  response: z.unknown(),
});
