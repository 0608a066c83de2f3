/** `npm run db:migrate`: applies pending migrations to the configured database (or the local PGlite one). */
import { migrateToLatest } from '../src/server/db/migrate';
import { databaseForScripts, withScriptDb, type ScriptDatabase } from './lib/database-for-scripts';
import { runIfMain } from './lib/run-script';

/** Migrates `database` to the latest schema; returns the names applied now. */
export function migrateDatabase(database: ScriptDatabase): Promise<string[]> {
  return withScriptDb(database, migrateToLatest);
}

export function describeApplied(applied: string[]): string {
  return applied.length === 0 ? 'already up to date' : `applied ${applied.join(', ')}`;
}

runIfMain(import.meta.url, async () => {
  const database = await databaseForScripts();
  try {
    const applied = await migrateDatabase(database);
    console.log(`Migrations (${database.kind}): ${describeApplied(applied)}.`);
  } finally {
    await database.stop();
  }
});
