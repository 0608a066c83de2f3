/**
 * The store's catalogue (/admin/products). Who may change what: any staff member edits the words
 * (name, description, features, picture, property type) and the order; only an owner creates a
 * product, changes a price or a membership's term, and puts a product on sale or takes it off,
 * because those change what buyers pay. The server enforces it: the owner-only changes are their
 * own contracts with access 'owner'.
 */
import { z } from 'zod';
import { isReservedStoreSlug, reservedStoreSlugs } from '../../store/catalogue';
import { defineContract } from '../contract';

export const productKinds = ['membership', 'product'] as const;
export const propertyTypes = ['residential', 'commercial', 'rental'] as const;
export const productSorts = ['order', 'name', 'price'] as const;

export const minPriceDollars = 1;
export const maxPriceDollars = 100_000;

/** Cents as the screen shows them: 13925 → $139.25. */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A price as staff type it (139.25, $1,299, 45.5) to whole cents; between $1 and $100,000. */
export const priceDollars = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const plain = value.replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
    const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(plain);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: 'Enter the price in dollars and cents, like 139.25.' });
      return z.NEVER;
    }
    const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    if (cents < minPriceDollars * 100 || cents > maxPriceDollars * 100) {
      ctx.addIssue({ code: 'custom', message: `A price is between $${minPriceDollars} and $${maxPriceDollars.toLocaleString('en-US')}.` });
      return z.NEVER;
    }
    return cents;
  });

export const termMonths = z.number({ error: 'Enter the term as a whole number of months.' }).int('Enter the term as a whole number of months.').min(1, 'A membership lasts at least 1 month.').max(60, 'A membership lasts at most 60 months (5 years).');

export const featuresSchema = z
  .array(z.string().trim().min(1, 'An empty feature says nothing: remove it.').max(120, 'A feature has at most 120 characters.'))
  .max(12, 'At most 12 features: keep the ones buyers compare.');

/** The words any staff member may change. */
export const productTextFields = {
  name: z.string().trim().min(3, 'A name has at least 3 characters.').max(120, 'A name has at most 120 characters.'),
  description: z.string().trim().max(2000, 'A description has at most 2,000 characters.'),
  features: featuresSchema,
  propertyType: z.enum(propertyTypes, { error: 'Choose residential, commercial or rental.' }),
  image: z
    .string()
    .trim()
    .max(300, 'A picture path has at most 300 characters.')
    .regex(/^(\/[A-Za-z0-9._-]+)+\.(avif|webp|png|jpe?g)$/, 'A picture is a path on this site, like /images/store/silver-vip.webp.')
    .nullable(),
};

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'A slug is lower-case letters and digits joined by single dashes, like silver-vip-tank.')
  .max(80, 'A slug has at most 80 characters.')
  .refine((slug) => !isReservedStoreSlug(slug), `The store uses ${reservedStoreSlugs.map((s) => `"${s}"`).join(' and ')} for its own pages; choose another slug.`);

const productRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  kind: z.enum(productKinds),
  name: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  priceCents: z.number().int(),
  termMonths: z.number().int().nullable(),
  propertyType: z.enum(propertyTypes),
  image: z.string().nullable(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  updatedAt: z.string(),
});
export type ProductRow = z.output<typeof productRow>;

export const adminProductListContract = defineContract({
  path: '/api/admin/products',
  method: 'GET',
  access: 'staff',
  query: z.strictObject({ sort: z.enum(productSorts).optional() }),
  response: z.object({ products: z.array(productRow) }),
});

/** Owner only: a new product carries a price. */
export const adminProductCreateContract = defineContract({
  path: '/api/admin/products',
  method: 'POST',
  access: 'owner',
  request: z.strictObject({ slug: slugSchema, kind: z.enum(productKinds, { error: 'Choose membership or product.' }), ...productTextFields, price: priceDollars, termMonths: termMonths.nullable(), active: z.boolean() }),
  response: productRow,
});

/** Any staff member: the store's order, as the full list of ids from first to last. */
export const adminProductOrderContract = defineContract({
  path: '/api/admin/products',
  method: 'PATCH',
  access: 'staff',
  request: z.strictObject({ ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(500) }),
  response: z.object({ products: z.array(productRow) }),
});

const idParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Any staff member: the words and the picture. */
export const adminProductUpdateContract = defineContract({
  path: '/api/admin/products/:id',
  method: 'PUT',
  access: 'staff',
  params: idParams,
  request: z.strictObject(productTextFields),
  response: productRow,
});

/** Owner only: the price, a membership's term, and whether it is on sale. Send only what changes. */
export const adminProductPricingContract = defineContract({
  path: '/api/admin/products/:id',
  method: 'PATCH',
  access: 'owner',
  params: idParams,
  request: z.strictObject({ price: priceDollars.optional(), termMonths: termMonths.optional(), active: z.boolean().optional() }),
  response: productRow,
});
