/**
 * The 404 log with suggested pages, and the redirects staff create from it (audited; each change
 * records a publish request, since redirects reach visitors through the build's _redirects file).
 */
import { sql, type Kysely } from 'kysely';
import type { adminNotFoundContract, NotFoundRow, RedirectInput, RedirectView } from '../../lib/api/admin/publishing.contract';
import type { QueryOf } from '../../lib/api/contract';
import { publicPageRoutes } from '../../lib/site/public-routes';
import { normaliseRedirectPath, redirectProblems, suggestTargets, type RedirectRule } from '../../lib/site/redirects';
import type { Database } from '../db/database';
import type { Redirect } from '../db/tables/publishing.table';
import { appError } from '../http/errors';
import { HttpError } from '../http/response';
import { recordAudit } from '../repositories/audit.repository';
import { listPublishedPosts } from '../repositories/blog-post.repository';
import { requestPublish } from './publishing';
import { containsPattern } from '../db/like-pattern';

interface Actor { email: string; requestId: string }

/** Every page a redirect may point at: the routes derived from the business facts, and published blog posts. */
export async function knownPages(db: Kysely<Database>): Promise<Set<string>> {
  const posts = await listPublishedPosts(db);
  return new Set([...publicPageRoutes, ...posts.map((p) => `/${p.slug}`)]);
}

const iso = (d: Date | string) => new Date(d).toISOString();

export const redirectView = (r: Redirect): RedirectView => ({
  id: r.id, from: r.from_path, to: r.to_path, createdBy: r.created_by, createdAt: iso(r.created_at),
  updatedBy: r.updated_by, updatedAt: iso(r.updated_at), hits: r.hits, lastHitAt: r.last_hit_at ? iso(r.last_hit_at) : null,
});


export async function listNotFound(db: Kysely<Database>, query: QueryOf<typeof adminNotFoundContract>) {
  let base = db.selectFrom('not_found_hits');
  if (query.q) base = base.where('path', 'ilike', containsPattern(query.q));
  const [{ count }, rows, pages, redirects] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy(query.sort, query.dir).orderBy('id', 'desc').limit(query.pageSize).offset((query.page - 1) * query.pageSize).execute(),
    knownPages(db),
    db.selectFrom('redirects').select(['from_path', 'to_path']).execute(),
  ]);
  const redirected = new Map(redirects.map((r) => [r.from_path, r.to_path]));
  const view = (r: (typeof rows)[number]): NotFoundRow => ({
    id: r.id, path: r.path, hits: r.hits, firstSeenAt: iso(r.first_seen_at), lastSeenAt: iso(r.last_seen_at), lastReferrer: r.last_referrer,
    suggestions: suggestTargets(normaliseRedirectPath(r.path), pages),
    redirectedTo: redirected.get(normaliseRedirectPath(r.path)) ?? null,
  });
  return { rows: rows.map(view), total: Number(count), page: query.page, pageSize: query.pageSize };
}

export async function listRedirects(db: Kysely<Database>) {
  const [rows, pages] = await Promise.all([db.selectFrom('redirects').selectAll().orderBy('from_path').execute(), knownPages(db)]);
  return { redirects: rows.map(redirectView), pages: [...pages].sort() };
}

/** Every redirect, for the build's _redirects file. */
export async function redirectRules(db: Kysely<Database>): Promise<RedirectRule[]> {
  const rows = await db.selectFrom('redirects').select(['from_path', 'to_path']).orderBy('from_path').execute();
  return rows.map((r) => ({ from: r.from_path, to: r.to_path }));
}

async function checked(trx: Kysely<Database>, input: RedirectInput, exceptId?: number): Promise<RedirectRule> {
  const rule = { from: normaliseRedirectPath(input.from), to: normaliseRedirectPath(input.to) };
  const others = (await trx.selectFrom('redirects').select(['id', 'from_path', 'to_path']).execute())
    .filter((r) => r.id !== exceptId)
    .map((r) => ({ from: r.from_path, to: r.to_path }));
  const problems = redirectProblems(rule, await knownPages(trx), others);
  const sentences = Object.values(problems);
  if (sentences.length > 0) throw new HttpError(sentences.some((s) => s.includes('already redirects;')) ? 409 : 400, sentences.join(' '), { fields: problems });
  return rule;
}

/** Serialises redirect changes, so two staff cannot create a chain between them. */
const lockRedirects = (trx: Kysely<Database>) => sql`select pg_advisory_xact_lock(7424302)`.execute(trx);

export async function createRedirect(db: Kysely<Database>, input: RedirectInput, actor: Actor): Promise<RedirectView> {
  return db.transaction().execute(async (trx) => {
    await lockRedirects(trx);
    const rule = await checked(trx, input);
    const row = await trx.insertInto('redirects').values({ from_path: rule.from, to_path: rule.to, created_by: actor.email, updated_by: actor.email, last_hit_at: null }).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, { actor: actor.email, action: 'redirect.add', entity: 'redirect', entityId: row.id, after: rule, requestId: actor.requestId });
    await requestPublish(trx, { kind: 'redirect', label: `Redirect ${rule.from} → ${rule.to}`, by: actor.email });
    return redirectView(row);
  });
}

export async function updateRedirect(db: Kysely<Database>, id: number, input: RedirectInput, actor: Actor): Promise<RedirectView> {
  return db.transaction().execute(async (trx) => {
    await lockRedirects(trx);
    const before = await trx.selectFrom('redirects').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw appError('NotFound');
    const rule = await checked(trx, input, id);
    const row = await trx.updateTable('redirects').set({ from_path: rule.from, to_path: rule.to, updated_by: actor.email, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, { actor: actor.email, action: 'redirect.change', entity: 'redirect', entityId: id, before: { from: before.from_path, to: before.to_path }, after: rule, requestId: actor.requestId });
    await requestPublish(trx, { kind: 'redirect', label: `Redirect ${rule.from} → ${rule.to} (changed)`, by: actor.email });
    return redirectView(row);
  });
}

export async function deleteRedirect(db: Kysely<Database>, id: number, actor: Actor): Promise<{ deleted: boolean }> {
  return db.transaction().execute(async (trx) => {
    await lockRedirects(trx);
    const before = await trx.selectFrom('redirects').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw appError('NotFound');
    await trx.deleteFrom('redirects').where('id', '=', id).execute();
    await recordAudit(trx, { actor: actor.email, action: 'redirect.delete', entity: 'redirect', entityId: id, before: { from: before.from_path, to: before.to_path }, requestId: actor.requestId });
    await requestPublish(trx, { kind: 'redirect', label: `Redirect ${before.from_path} removed`, by: actor.email });
    return { deleted: true };
  });
}

/** Counts one use of a redirect (the local server calls it; Netlify answers redirects at its CDN, uncounted). */
export async function countRedirectHit(db: Kysely<Database>, from: string): Promise<void> {
  await db.updateTable('redirects').set({ hits: sql<number>`hits + 1`, last_hit_at: new Date() }).where('from_path', '=', from).execute();
}
