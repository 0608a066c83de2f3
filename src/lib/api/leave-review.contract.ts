/**
 * /api/leave-review: GET with a request's token answers what the form is pre-filled with (the
 * customer's name and the job's service) and records that the link was opened; POST takes a review
 * from /leave-review or /leave-review/{token} as multipart, with up to three photos. The lead form's
 * rules apply: a hidden trap and the time the form was open mark spam, an `Idempotency-Key` header
 * stores a retried review once, and a client sending too many is refused. Every review waits for staff.
 */
import { z } from 'zod';
import { defineContract } from './contract';
import { leadFields, typedText } from './lead-fields';
import { storyServiceIds, storyServices } from './success-stories.contract';

/** The services a review can be about: the site's service pages, as on the story form. */
export const reviewServices = storyServices;
export const maxReviewPhotos = 3;
export const maxReviewPhotoBytes = 6 * 1024 * 1024;
export const reviewTextMaxLength = 3000;
export const reviewTitleMaxLength = 120;
/** Photo fields of the form: photo1, photo2, photo3. */
export const reviewPhotoFields = ['photo1', 'photo2', 'photo3'] as const;

/** A request's token as it may appear in a link; the server looks up nothing else. */
export const reviewTokenField = z.string().regex(/^[A-Za-z0-9_-]{40,64}$/, 'This review link is not complete. Open it again from the email, or leave your review below.');

export const reviewFields = {
  rating: z.enum(['1', '2', '3', '4', '5'], 'Choose from 1 to 5 stars.').transform(Number),
  title: typedText(reviewTitleMaxLength, `Use at most ${reviewTitleMaxLength} characters for the title.`).optional(),
  text: typedText(reviewTextMaxLength, `Use at most ${reviewTextMaxLength.toLocaleString('en-US')} characters.`, 'Tell us about your visit.').min(10, 'Tell us a little more: at least 10 characters.'),
  service: z.enum(storyServiceIds, 'Choose the service we did from the list.'),
  name: typedText(100, 'Use at most 100 characters for your name.', 'Enter your name as it should appear.').min(1, 'Enter your name as it should appear.'),
  email: leadFields.email,
};

/** The form's fields as the function reads them (multipart values are text or files). */
export const reviewFormSchema = z.strictObject({
  ...reviewFields,
  /** Ticked: the review may appear on the site. Unticked: only staff read it. */
  consent: z.enum(['yes', ''], 'Tick the box or leave it empty.').optional(),
  token: reviewTokenField.optional(),
  website: leadFields.website,
  formStartTime: z.coerce.number('Reload the page and send the form again.').pipe(leadFields.formStartTime),
  photo1: z.file('Attach the photo as a file.').optional(),
  photo2: z.file('Attach the photo as a file.').optional(),
  photo3: z.file('Attach the photo as a file.').optional(),
});

export const leaveReviewContract = defineContract({
  path: '/api/leave-review',
  method: 'POST',
  bodyType: 'multipart',
  maxBodyBytes: maxReviewPhotos * maxReviewPhotoBytes + 64 * 1024,
  response: z.strictObject({ ok: z.literal(true), viaRequest: z.boolean() }),
});

/** What a request's link pre-fills; `found: false` for an unknown or already used link. */
export const reviewRequestLookupContract = defineContract({
  path: '/api/leave-review',
  method: 'GET',
  query: z.strictObject({ token: reviewTokenField }),
  response: z.union([
    z.strictObject({ found: z.literal(true), name: z.string(), service: z.string().nullable() }),
    z.strictObject({ found: z.literal(false), reason: z.enum(['unknown', 'used']) }),
  ]),
});
