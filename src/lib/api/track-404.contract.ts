/** POST /api/track-404: the 404 screen reports the missing address once (SPEC §2, §7). */
import { z } from 'zod';
import { defineContract } from './contract';

const noControlCharacters = /^[^\u0000-\u001f\u007f]*$/;

export const track404Contract = defineContract({
  path: '/api/track-404',
  method: 'POST',
  request: z.strictObject({
    /** Path plus query, as `location.pathname + location.search`. */
    requestedUrl: z
      .string()
      .min(1, 'Send the missing address, such as /old-page?x=1.')
      .max(2048, 'The address can have at most 2048 characters.')
      .regex(/^\/(?![/\\])[^\s\u0000-\u001f\u007f]*$/, 'Send the missing address as a root-relative path with its query, such as /old-page?x=1 (not //host/...).'),
    referrer: z
      .string()
      .max(2048, 'The referrer can have at most 2048 characters.')
      .regex(noControlCharacters, 'The referrer cannot contain control characters.')
      .optional(),
  }),
  response: z.strictObject({ recorded: z.literal(true) }),
  maxBodyBytes: 8 * 1024,
});
