/**
 * `npm run db:seed`: copies the initial blog posts from src/content/blog into the database (a post
 * already there is kept as it is, since staff may have edited it), then, outside production, adds
 * local demo rows flagged is_demo = true.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { Env } from '../src/server/db/connect';
import type { Database } from '../src/server/db/database';
import { seedProducts } from '../src/server/repositories/product.repository';
import { upsertSeedPost, type SeedBlogPost } from '../src/server/repositories/blog-post.repository';
import { seedDemoTrackingNumbers, seedTrackingChannels } from '../src/server/services/tracking-number.service';
import { databaseForScripts, withScriptDb } from './lib/database-for-scripts';
import { seedDemoReviews } from './lib/demo-reviews';
import { runIfMain } from './lib/run-script';
import { describeApplied, migrateDatabase } from './migrate';

export class SeedError extends Error {
  override name = 'SeedError';
}

export const blogSeedDir = 'src/content/blog';

/** What the database needs from a post's frontmatter; src/content.config.ts holds the stricter copy rules. */
const frontmatterSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  title: z.string().min(1),
  metaDescription: z.string().min(1),
  excerpt: z.string().min(1),
  category: z.string().min(1),
  author: z.string().min(1),
  publishDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

/** Reads every `*.md` in `dir` as a seed post: YAML frontmatter plus a Markdown body. */
export async function readSeedPosts(dir: string = blogSeedDir): Promise<SeedBlogPost[]> {
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.md')).sort();
  const posts: SeedBlogPost[] = [];
  for (const file of files) {
    const where = path.join(dir, file);
    const text = await readFile(where, 'utf8');
    const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
    if (!match) throw new SeedError(`${where} has no YAML frontmatter between --- lines. Add it (see src/content/README.md) and seed again.`);
    const result = frontmatterSchema.safeParse(parseYaml(match[1]!));
    if (!result.success) {
      const problems = result.error.issues.map((i) => `  - ${i.path.join('.') || '(frontmatter)'}: ${i.message}`).join('\n');
      throw new SeedError(`${where} has invalid frontmatter:\n${problems}\nFix the file and run npm run db:seed again.`);
    }
    const fm = result.data;
    posts.push({
      slug: fm.slug,
      title: fm.title,
      content: match[2]!.trim(),
      excerpt: fm.excerpt,
      meta_description: fm.metaDescription,
      // A featured picture is uploaded in admin (/admin/blog), never named in a seed file.
      featured_image: null,
      category: fm.category,
      author: fm.author,
      // Noon in Austin, so the date reads the same in UTC and in Central time, summer or winter.
      publish_date: new Date(`${fm.publishDate}T12:00:00-06:00`),
    });
  }
  return posts;
}

/** Demo rows are for local machines only: never in a production build or anywhere on Netlify. */
export function mayAddDemoData(env: Env): boolean {
  return env.CONTEXT !== 'production' && !env.NETLIFY;
}

/**
 * Local sample data, each row flagged is_demo = true. One seeder per table that shows sample rows
 * (reviews, leads, orders); blog posts are real copy, so none is needed yet.
 */
const demoSeeders: { table: string; seed: (db: Kysely<Database>) => Promise<number> }[] = [
  { table: 'reviews', seed: seedDemoReviews },
  { table: 'tracking_numbers', seed: seedDemoTrackingNumbers },
];

export interface SeedResult {
  postsAdded: string[];
  postsKept: string[];
  /** Catalogue products added (those already there are kept as staff left them). */
  productsAdded: number;
  /** Rows added per table, or undefined when demo data is not allowed here. */
  demoRows: Record<string, number> | undefined;
}

export async function seedDatabase(db: Kysely<Database>, options: { env?: Env; blogDir?: string } = {}): Promise<SeedResult> {
  const env = options.env ?? process.env;
  const result: SeedResult = { postsAdded: [], postsKept: [], productsAdded: 0, demoRows: undefined };
  for (const post of await readSeedPosts(options.blogDir)) {
    (await upsertSeedPost(db, post) ? result.postsAdded : result.postsKept).push(post.slug);
  }
  // The traffic channels are configuration every database needs; their numbers come from staff.
  await seedTrackingChannels(db);
  // The store's catalogue is real (today's prices), added when missing and never overwritten.
  result.productsAdded = await seedProducts(db);
  if (mayAddDemoData(env)) {
    result.demoRows = {};
    for (const { table, seed } of demoSeeders) result.demoRows[table] = await seed(db);
  }
  return result;
}

export function describeSeed(result: SeedResult): string {
  const demo = result.demoRows === undefined
    ? 'no demo data (production)'
    : `demo data: ${Object.entries(result.demoRows).map(([t, n]) => `${n} ${t}`).join(', ') || 'none needed yet'}`;
  return `blog posts: ${result.postsAdded.length} added, ${result.postsKept.length} already there (kept); products: ${result.productsAdded} added; ${demo}`;
}

runIfMain(import.meta.url, async () => {
  const database = await databaseForScripts();
  try {
    console.log(`Migrations (${database.kind}): ${describeApplied(await migrateDatabase(database))}.`);
    const result = await withScriptDb(database, (db) => seedDatabase(db, { env: database.env }));
    console.log(`Seed (${database.kind}): ${describeSeed(result)}.`);
  } finally {
    await database.stop();
  }
});
