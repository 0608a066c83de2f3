/**
 * Success stories waiting for approval (/admin/success-stories): staff read them, correct the
 * wording, choose which photos show, feature them, approve them (they reach /success-stories and
 * the matching service page after the next publish), take approval back, or delete them.
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { storyFields } from '../success-stories.contract';

export const storyStatuses = ['pending', 'approved', 'spam'] as const;

const photo = z.object({ id: z.string(), width: z.number().int(), height: z.number().int(), url: z.string(), shown: z.boolean() }).nullable();
const storyRow = z.object({
  id: z.number().int(),
  status: z.enum(storyStatuses),
  spamReason: z.string().nullable(),
  name: z.string(),
  city: z.string(),
  service: z.string(),
  story: z.string(),
  before: photo,
  after: photo,
  featured: z.boolean(),
  consentAt: z.string(),
  createdAt: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export type StoryRow = z.output<typeof storyRow>;

const idParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const adminStoryListContract = defineContract({
  path: '/api/admin/success-stories',
  method: 'GET',
  access: 'staff',
  query: z.strictObject({ status: z.enum(storyStatuses).optional() }),
  response: z.object({ stories: z.array(storyRow) }),
});

export const adminStoryUpdateContract = defineContract({
  path: '/api/admin/success-stories/:id',
  method: 'PUT',
  access: 'staff',
  params: idParams,
  request: z.strictObject({
    ...storyFields,
    showBefore: z.boolean(),
    showAfter: z.boolean(),
    featured: z.boolean(),
    status: z.enum(['pending', 'approved'], { error: 'Choose waiting or approved.' }),
  }),
  response: storyRow,
});

export const adminStoryDeleteContract = defineContract({
  path: '/api/admin/success-stories/:id',
  method: 'DELETE',
  access: 'staff',
  params: idParams,
  request: z.strictObject({}),
  response: z.object({ deleted: z.literal(true) }),
});

/** A story's photo as JPEG, for staff to look at before they approve. */
export const adminStoryPhotoContract = defineContract({
  path: '/api/admin/success-stories/photos/:id',
  method: 'GET',
  access: 'staff',
  params: z.strictObject({ id: z.string().regex(/^[a-f0-9]{32}$/, 'There is no photo at this address.') }),
  query: z.strictObject({}),
  response: z.unknown(),
});
