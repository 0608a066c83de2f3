/**
 * The real site server for API tests: functions and a fresh database (PGlite in a temporary folder,
 * or a PostgreSQL schema of its own), with an empty dist/ holding only a 404 page.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveDatabase } from '../../src/server/db/connect';
import { createTestSchema, pgliteTemplate, type TestDatabaseKind } from '../../src/server/db/test-databases';
import { databaseForScripts, type ScriptDatabase } from '../../scripts/lib/database-for-scripts';
import { findFreePort } from '../../scripts/lib/free-port';
import { startSite, type RunningSite, type SiteOptions } from '../../scripts/serve';

export const noDatabaseEnv = { ...process.env, DATABASE_URL: undefined, NETLIFY_DATABASE_URL: undefined, DB_LABEL: undefined };

export interface TestSite {
  site: RunningSite;
  database: ScriptDatabase;
  /** A temporary folder removed by stop(), for MAIL_DIR and the like. */
  dir: string;
  stop(): Promise<void>;
}

/** Starts the site on a free port: PGlite in a temporary folder unless `env` names a database. */
export async function startTestSite(env: Record<string, string | undefined> = noDatabaseEnv, options: Partial<SiteOptions> = {}): Promise<TestSite> {
  const dir = await mkdtemp(path.join(tmpdir(), 'epl-api-'));
  // The functions need no build; an empty site with only a 404 page stands in for dist/.
  const distDir = path.join(dir, 'dist');
  await mkdir(distDir);
  await writeFile(path.join(distDir, '404.html'), '<!doctype html><title>404</title><h1>404 Page Not Found</h1>');
  const databaseEnv = { ...env, PGLITE_DIR: path.join(dir, 'pglite') };
  // A copy of the run's migrated PGlite folder opens in a second, where a new one takes several.
  const target = resolveDatabase(databaseEnv);
  const template = pgliteTemplate();
  if (template && target.kind === 'pglite') await cp(template.dir, target.dataDir, { recursive: true });
  const database = await databaseForScripts(databaseEnv);
  const site = await startSite({ port: await findFreePort(), database, distDir, quiet: true, publisher: false, ...options });
  return {
    site,
    database,
    dir,
    stop: async () => {
      await site.stop();
      await database.stop();
      // A message the outbox was still writing may land while the folder goes: try again briefly.
      await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

/** A test site on PGlite or on a fresh PostgreSQL schema (dropped by `stop`). */
export async function startTestSiteOn(kind: TestDatabaseKind): Promise<TestSite> {
  if (kind === 'pglite') return startTestSite();
  const schema = await createTestSchema();
  const running = await startTestSite({ ...noDatabaseEnv, DATABASE_URL: schema.url });
  return {
    ...running,
    stop: async () => {
      await running.stop();
      await schema.drop();
    },
  };
}

/** The error body format of every non-2xx answer: "<status>: <Sentence>." */
export const errorFormat = /^[45]\d\d: [A-Z].*[.?]$/;

/** The site on a fresh schema of the machine's PostgreSQL: much quicker to start than a new PGlite folder. */
export const startTestSiteOnPostgres = (): Promise<TestSite> => startTestSiteOn('postgres');
