/** GET /api/page-metadata?path=: the staff override of one page's title, description and canonical URL, or null (SPEC §7). */
import { z } from 'zod';
import { defineContract } from './contract';

/** A root-relative page path as `location.pathname` gives it: no spaces, query, fragment or control characters. */
export const pagePathSchema = z
  .string()
  .min(1, 'Send the page path, such as /drain-cleaning.')
  .max(512, 'A page path has at most 512 characters.')
  .regex(/^\/(?!\/)[^\s?#\\\u0000-\u001f\u007f]*$/, 'Send a root-relative page path, such as /drain-cleaning.');

export const pageMetadataContract = defineContract({
  path: '/api/page-metadata',
  method: 'GET',
  query: z.strictObject({ path: pagePathSchema }),
  response: z
    .strictObject({
      title: z.string().nullable(),
      description: z.string().nullable(),
      canonical: z.string().nullable(),
    })
    .nullable(),
  cache: { maxAgeSeconds: 300 },
});
