/** Tracking numbers (staff): the number each traffic channel shows, and the rules that detect the channel. */
import { z } from 'zod';
import { defineContract } from '../contract';

const ruleList = (what: string, pattern: RegExp, hint: string) =>
  z.array(z.string().trim().min(1, `An empty ${what} matches nothing: remove it.`).max(100, `A ${what} has at most 100 characters.`).regex(pattern, hint)).max(20, `At most 20 ${what}s.`);

export const detectionRulesSchema = z.strictObject({
  urlParams: ruleList('URL parameter', /^[A-Za-z0-9_.-]+$/, 'A URL parameter is letters, digits, _ . or - (for example gclid).'),
  utmSources: ruleList('utm source', /^[^\s"<>]+$/, 'A utm source has no spaces or quotes (for example google).'),
  referrerIncludes: ruleList('referrer fragment', /^[^\s"<>]+$/, 'A referrer fragment has no spaces or quotes (for example yelp.com).'),
});

/** A US number in any common format, stored as (512) 555-0100; blank means "show the office number". */
const displayNumber = z
  .string()
  .trim()
  .nullable()
  .transform((v, ctx) => {
    if (!v) return null;
    let digits = v.replace(/\D/g, '');
    if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
    if (digits.length !== 10) {
      ctx.addIssue({ code: 'custom', message: 'Enter a 10-digit US phone number, like (512) 555-0100.' });
      return z.NEVER;
    }
    return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  });

const channelFields = {
  displayNumber,
  isActive: z.boolean(),
  isDefault: z.boolean(),
  sortOrder: z.number().int().min(0).max(1000),
  rules: detectionRulesSchema,
};

const trackingRow = z.object({
  id: z.number().int(),
  channelKey: z.string(),
  displayNumber: z.string().nullable(),
  shownNumber: z.string(),
  isActive: z.boolean(),
  isDefault: z.boolean(),
  sortOrder: z.number().int(),
  rules: z.object({ urlParams: z.array(z.string()), utmSources: z.array(z.string()), referrerIncludes: z.array(z.string()) }),
  isDemo: z.boolean(),
  updatedAt: z.string(),
});
export type TrackingRow = z.output<typeof trackingRow>;

export const adminTrackingListContract = defineContract({
  path: '/api/admin/tracking-numbers',
  method: 'GET',
  access: 'staff',
  response: z.object({ channels: z.array(trackingRow), officeNumber: z.string() }),
});

export const adminTrackingAddContract = defineContract({
  path: '/api/admin/tracking-numbers',
  method: 'POST',
  access: 'staff',
  request: z.strictObject({ channelKey: z.string().trim().toLowerCase().regex(/^[a-z0-9-]{2,30}$/, 'A channel name is 2 to 30 lower-case letters, digits or dashes (for example angi).'), ...channelFields }),
  response: trackingRow,
});

export const adminTrackingUpdateContract = defineContract({
  path: '/api/admin/tracking-numbers/:id',
  method: 'PUT',
  access: 'staff',
  params: z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
  request: z.strictObject(channelFields),
  response: trackingRow,
});
