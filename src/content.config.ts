/** Long-form copy as content collections. Ids come from src/business, so a typo fails the build. */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { services, cities, industries } from './business';
import { priceGuides } from './business/pricing';

const serviceIds = services.map((s) => s.id) as [string, ...string[]];
const cityIds = cities.map((c) => c.id) as [string, ...string[]];
const priceIds = priceGuides.map((p) => p.id) as [string, ...string[]];
const industryIds = industries.map((i) => i.id) as [string, ...string[]];

const meta = {
  /** Browser-tab and search-result title, 30–60 characters, unique per page. */
  metaTitle: z.string().min(20).max(65),
  /** Search-result description, 110–160 characters, unique per page. */
  metaDescription: z.string().min(100).max(165),
};
const faqs = z.array(z.object({ question: z.string().min(10), answer: z.string().min(30) })).min(3);

const serviceCollection = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/services' }),
  schema: z.object({
    service: z.enum(serviceIds),
    ...meta,
    /** The page's H1. */
    heading: z.string().min(10).max(90),
    intro: z.string().min(100),
    signs: z.array(z.string()).min(4).max(10),
    process: z.array(z.object({ step: z.string(), detail: z.string().min(30) })).min(3).max(7),
    priceGuides: z.array(z.enum(priceIds)).default([]),
    priceNote: z.string().min(40),
    faqs,
    related: z.array(z.enum(serviceIds)).min(2).max(4),
    reviewCategory: z.string().optional(),
  }),
});

const cityCollection = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/cities' }),
  schema: z.object({
    city: z.enum(cityIds),
    ...meta,
    heading: z.string().min(10).max(90),
    intro: z.string().min(100),
    neighborhoods: z.array(z.string()).min(4),
    water: z.string().min(60),
    soil: z.string().min(60),
    housing: z.string().min(60),
    seasonalRisks: z.array(z.object({ season: z.string(), risk: z.string().min(30) })).min(2),
    popularServices: z.array(z.enum(serviceIds)).min(3).max(6),
    nearby: z.array(z.enum(cityIds)).min(2).max(4),
    faqs,
  }),
});

const commercialCollection = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/commercial' }),
  schema: z.object({
    industry: z.enum(industryIds),
    ...meta,
    heading: z.string().min(10).max(90),
    intro: z.string().min(100),
    needs: z.array(z.object({ title: z.string(), detail: z.string().min(40) })).min(4),
    faqs,
    related: z.array(z.enum(serviceIds)).min(2).max(4),
  }),
});

const pageCollection = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/pages' }),
  schema: z.object({
    ...meta,
    heading: z.string().min(3).max(90),
    intro: z.string().min(40),
    faqs: faqs.optional(),
    updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  }),
});

/** The initial blog posts. They are copied into the database by `npm run db:seed`; the site reads posts from there. */
const blogSeedCollection = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/blog' }),
  schema: z.object({
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    title: z.string().min(20).max(90),
    metaDescription: z.string().min(100).max(165),
    excerpt: z.string().min(60).max(300),
    category: z.string(),
    author: z.string(),
    publishDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
});

export const collections = {
  services: serviceCollection,
  cities: cityCollection,
  commercial: commercialCollection,
  pages: pageCollection,
  blog: blogSeedCollection,
};
