/** zod schemas for the business facts, one per concern. Failures name the field that is wrong. */
import { z } from 'zod';

const phone = z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/, 'write phone numbers as (512) 368-9159');
const slug = z.string().regex(/^[a-z0-9_]+(?:-{1,2}[a-z0-9_]+)*$/, 'slugs are lower-case words joined by hyphens');
const href = z.string().regex(/^\/[a-z0-9_/-]*$/, 'internal links start with / and use lower-case slugs');
const geo = z.object({ latitude: z.number().min(25).max(37), longitude: z.number().min(-107).max(-93) });

export const companySchema = z.object({
  name: z.string().min(1),
  legalName: z.string().min(1),
  tagline: z.string().min(1),
  foundingYear: z.literal(2012),
  licence: z.object({ label: z.string(), number: z.string().regex(/^M-\d+$/) }),
  hours: z.object({
    weekdays: z.object({ days: z.string(), opens: z.string().regex(/^\d\d:\d\d$/), closes: z.string().regex(/^\d\d:\d\d$/), label: z.string() }),
    weekend: z.object({ days: z.string(), label: z.string() }),
    emergency: z.string(),
  }),
  promises: z.array(z.string()).min(1),
  heroBadges: z.array(z.string()).length(3),
  payments: z.object({ accepted: z.array(z.string()), priceRange: z.string(), currency: z.literal('USD') }),
  social: z.array(z.object({ name: z.string(), url: z.url() })).min(1),
});

export const officeSchema = z.object({
  id: slug,
  name: z.string(),
  street: z.string(),
  city: z.string(),
  region: z.literal('TX'),
  postalCode: z.string().regex(/^\d{5}$/),
  phone,
  geo,
  mapUrl: z.url(),
});

export const serviceSchema = z.object({
  id: slug,
  slug,
  alsoAt: z.array(slug).optional(),
  group: z.enum(['residential', 'commercial', 'seasonal', 'tools']),
  kind: z.enum(['hub', 'landing', 'service', 'guide', 'tool']),
  title: z.string().min(3).max(60),
  short: z.string().min(20).max(160),
});

export const regionSchema = z.object({ id: slug, name: z.string(), officeId: slug });

export const citySchema = z.object({
  id: slug,
  name: z.string(),
  route: slug,
  region: slug,
  county: z.string(),
  otherCounties: z.array(z.string()),
  officeId: slug,
  geo,
  zips: z.array(z.string().regex(/^\d{5}$/)).min(1),
});

export const industrySchema = z.object({ id: slug, slug, title: z.string(), short: z.string().min(20).max(160) });

export const membershipSchema = z.object({
  id: slug,
  slug,
  name: z.string(),
  price: z.number().positive(),
  term: z.string().nullable(),
  termYears: z.number().int().positive().nullable(),
  audience: z.enum(['residential', 'commercial', 'rental']),
  benefits: z.array(z.string()).min(1),
});

export const productSchema = z.object({ id: slug, slug, name: z.string(), price: z.number().positive() });

export const linkSchema = z.object({ label: z.string().min(1), href });
