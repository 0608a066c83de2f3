/**
 * Commercial customers (/admin/commercial-customers): the businesses whose names and logos the
 * commercial pages show, each on the page of its industry and on /commercial-services. A customer is
 * saved only with the box ticked that says they agreed to be shown (who ticked it and when are kept);
 * only active ones appear, after the next publish. Logos are uploaded first (checked like chat photos
 * and re-encoded), then saved with the customer by their id. Any staff member may change them.
 */
import { z } from 'zod';
import { industries } from '../../../business/industries';
import { defineContract } from '../contract';
import { isHttpsAddress } from '../https-address';

export const industryIds = industries.map((i) => i.id) as [(typeof industries)[number]['id'], ...(typeof industries)[number]['id'][]];
export const customerSorts = ['order', 'name', 'industry', 'since'] as const;
export type CustomerSort = (typeof customerSorts)[number];

/** The largest logo file accepted, in bytes. */
export const maxLogoBytes = 5 * 1024 * 1024;

const logoId = z.string().regex(/^[a-f0-9]{32}$/, 'Upload the logo again: its reference is not valid.');

/** A year (2019) or a date (2019-04-01) between 1900 and today. */
function isPastYearOrDate(value: string): boolean {
  const now = new Date();
  const year = Number(value.slice(0, 4));
  if (year < 1900 || year > now.getUTCFullYear()) return false;
  if (value.length === 4) return true;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && date.getTime() <= now.getTime();
}

export const customerFields = {
  name: z.string().trim().min(2, "Enter the company's name as it should appear.").max(120, 'A name has at most 120 characters.'),
  website: z.string().trim().max(300, 'A web address has at most 300 characters.')
    .refine(isHttpsAddress, 'Enter the full address starting with https://, like https://www.example.com, or leave it empty.').nullable(),
  industry: z.enum(industryIds, { error: 'Choose the commercial page it belongs on: restaurants, retail, office buildings or property management.' }),
  customerSince: z.string().trim().regex(/^\d{4}(-\d{2}-\d{2})?$/, 'Enter a year like 2019 or a date like 2019-04-01, or leave it empty.')
    .refine(isPastYearOrDate, 'Enter a year or date between 1900 and today.').nullable(),
  sortOrder: z.number({ error: 'Enter the order as a whole number.' }).int('Enter the order as a whole number.').min(0, 'The order is 0 or more.').max(10_000, 'The order is at most 10,000.'),
  active: z.boolean(),
  permission: z.literal(true, { error: 'Tick the box to record that the customer agreed to be shown on the website.' }),
  logo: logoId.nullable(),
};

const customerRow = z.object({
  id: z.number().int(),
  name: z.string(),
  website: z.string().nullable(),
  industry: z.enum(industryIds),
  customerSince: z.string().nullable(),
  sortOrder: z.number().int(),
  active: z.boolean(),
  permissionRecordedBy: z.string(),
  permissionRecordedAt: z.string(),
  logo: z.object({ id: z.string(), width: z.number().int(), height: z.number().int(), url: z.string() }).nullable(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type CustomerRow = z.output<typeof customerRow>;

const idParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const adminCommercialCustomerListContract = defineContract({
  path: '/api/admin/commercial-customers',
  method: 'GET',
  access: 'staff',
  query: z.strictObject({ sort: z.enum(customerSorts).optional() }),
  response: z.object({ customers: z.array(customerRow) }),
});

export const adminCommercialCustomerCreateContract = defineContract({
  path: '/api/admin/commercial-customers',
  method: 'POST',
  access: 'staff',
  request: z.strictObject(customerFields),
  response: customerRow,
});

export const adminCommercialCustomerUpdateContract = defineContract({
  path: '/api/admin/commercial-customers/:id',
  method: 'PUT',
  access: 'staff',
  params: idParams,
  request: z.strictObject(customerFields),
  response: customerRow,
});

export const adminCommercialCustomerDeleteContract = defineContract({
  path: '/api/admin/commercial-customers/:id',
  method: 'DELETE',
  access: 'staff',
  params: idParams,
  request: z.strictObject({}),
  response: z.object({ deleted: z.literal(true) }),
});

/** A logo: multipart with one `logo` file; checked, re-encoded and stored; answers its id and size. */
export const adminCommercialCustomerLogoUploadContract = defineContract({
  path: '/api/admin/commercial-customers/logos',
  method: 'POST',
  access: 'staff',
  bodyType: 'multipart',
  maxBodyBytes: maxLogoBytes + 16 * 1024,
  response: z.object({ id: z.string(), width: z.number().int(), height: z.number().int(), url: z.string() }),
});

export const customerLogoUploadForm = z.strictObject({ logo: z.file({ error: 'Attach the logo as a file.' }) });

/** A stored logo, for the admin screen (the public pages use the copies the build makes). */
export const adminCommercialCustomerLogoContract = defineContract({
  path: '/api/admin/commercial-customers/logos/:id',
  method: 'GET',
  access: 'staff',
  params: z.strictObject({ id: logoId }),
  query: z.strictObject({}),
  response: z.unknown(),
});
