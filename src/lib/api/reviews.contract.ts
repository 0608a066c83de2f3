/** GET /api/reviews?category=&minRating=: stored reviews, best first, for the reviews blocks (SPEC §3, §7). */
import { z } from 'zod';
import { defineContract } from './contract';

/** A review category is a service's `reviewCategory` slug, e.g. `water-heater`. */
export const reviewCategorySchema = z
  .string()
  .max(40, 'Use a category of at most 40 characters.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use a category slug such as water-heater: lowercase letters, digits and single hyphens.');

/** The most reviews one answer holds; the blocks show 3, so this only bounds the payload. */
export const reviewsListLimit = 50;

export const reviewSchema = z.object({
  id: z.number().int(),
  /** 1 to 5. */
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  /** As stored; show it through `displayAuthorName`, which turns 'Anonymous' into 'Google Customer'. */
  authorName: z.string(),
  profilePhotoUrl: z.string().nullable(),
  /** "a month ago": the provider's words, or computed from `timestamp` when it gave none. */
  relativeTime: z.string(),
  source: z.string(),
  /** Seconds since the epoch. */
  timestamp: z.number().int(),
  category: z.string(),
  /** Local sample data (never in production); the block labels such a card as a demo. */
  isDemo: z.boolean(),
  /** The reviewer's title, for reviews left on our site. */
  title: z.string().nullable(),
  /** Chosen by staff: shown first. */
  featured: z.boolean(),
  /** Our public reply, shown under the review. */
  reply: z.object({ text: z.string(), at: z.string() }).nullable(),
  /** Photos the reviewer attached and agreed to publish (reviews left on our site). */
  photos: z.array(z.object({ url: z.string(), width: z.number().int(), height: z.number().int() })),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * One review as the browser reads it: SPEC §3's fields, with what SPEC does not require defaulted
 * (no photo, no relative time, no category, not a demo) and unknown fields ignored. Text-shaped
 * numbers are accepted; anything else makes this one record unreadable.
 */
const reviewReadSchema = z.object({
  id: z.union([z.number(), z.string().min(1).max(100)]).transform((id) => (typeof id === 'number' ? id : Number(id) || 0)),
  rating: z.coerce.number().int().min(1).max(5),
  text: z.string(),
  authorName: z.string().catch('Anonymous'),
  profilePhotoUrl: z.string().nullable().catch(null),
  relativeTime: z.string().catch(''),
  source: z.string().catch(''),
  timestamp: z.coerce.number().int().nonnegative(),
  category: z.string().catch(''),
  isDemo: z.boolean().catch(false),
  title: z.string().nullable().catch(null),
  featured: z.boolean().catch(false),
  reply: z.object({ text: z.string(), at: z.string() }).nullable().catch(null),
  photos: z.array(z.object({ url: z.string().regex(/^\/api\/review-photos\/[a-f0-9]{32}$/), width: z.number().int().positive(), height: z.number().int().positive() })).max(3).catch([]),
});

/** A list of reviews as the browser reads it: one unreadable record is dropped, not the list. */
export const reviewListReadSchema = z.array(z.unknown()).transform((items): Review[] =>
  items.flatMap((item) => {
    const parsed = reviewReadSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  }).slice(0, reviewsListLimit));

export const reviewsContract = defineContract({
  path: '/api/reviews',
  method: 'GET',
  query: z.strictObject({
    category: reviewCategorySchema.optional(),
    minRating: z
      .string()
      .regex(/^[1-5]$/, 'Use a minimum rating from 1 to 5.')
      .transform(Number)
      .optional(),
  }),
  response: z.array(reviewSchema).max(reviewsListLimit),
  read: reviewListReadSchema,
  // SPEC §9: reviews are cached 30 minutes.
  cache: { maxAgeSeconds: 30 * 60, cdnMaxAgeSeconds: 30 * 60 },
});

/** GET /api/review-photos/:id: a photo of an approved review whose author agreed to publish it, as JPEG. */
export const reviewPhotoContract = defineContract({
  path: '/api/review-photos/:id',
  method: 'GET',
  params: z.strictObject({ id: z.string().regex(/^[a-f0-9]{32}$/, 'There is no photo at this address.') }),
  query: z.strictObject({}),
  response: z.unknown(),
});
