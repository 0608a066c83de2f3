/** Page metadata overrides (staff): title, description and canonical address per page path. */
import { z } from 'zod';
import { defineContract } from '../contract';
import { pagePathSchema } from '../page-metadata.contract';
import { isUsableCanonical } from '../../page-metadata';

/** What search results show before cutting: the hints beside the fields. */
export const titleHint = 60;
export const descriptionHint = 155;

const override = z.object({
  id: z.number().int(),
  path: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  canonical: z.string().nullable(),
  updatedAt: z.string(),
  isDemo: z.boolean(),
});
export type PageMetadataView = z.output<typeof override>;

export const adminPageMetadataListContract = defineContract({
  path: '/api/admin/page-metadata',
  method: 'GET',
  access: 'staff',
  response: z.object({ overrides: z.array(override) }),
});

const blankToNull = (max: number, label: string) => z.string().trim().max(max, `${label} has at most ${max} characters.`).nullable().transform((v) => v || null);

export const adminPageMetadataSaveContract = defineContract({
  path: '/api/admin/page-metadata',
  method: 'PUT',
  access: 'staff',
  request: z
    .strictObject({
      path: pagePathSchema,
      title: blankToNull(200, 'The title'),
      description: blankToNull(500, 'The description'),
      canonical: blankToNull(2048, 'The canonical address').refine((v) => v === null || isUsableCanonical(v), 'Use a full https:// address or a path starting with /.'),
    })
    .refine((v) => v.title || v.description || v.canonical, { message: 'Fill in at least one of title, description or canonical address (or delete the override).' }),
  response: override,
});

export const adminPageMetadataDeleteContract = defineContract({
  path: '/api/admin/page-metadata',
  method: 'DELETE',
  access: 'staff',
  request: z.strictObject({ path: pagePathSchema }),
  response: z.object({ deleted: z.boolean() }),
});
