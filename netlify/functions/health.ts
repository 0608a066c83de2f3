// GET /api/health: whether the database answers, which kind it is, and how many migrations it has applied.
import { healthContract } from '../../src/lib/api/health.contract';
import { databaseLabel, withDb } from '../../src/server/db/connect';
import { countAppliedMigrations } from '../../src/server/db/migrate';
import { defineHandler } from '../../src/server/http/handler';
import { appError } from '../../src/server/http/errors';

export default defineHandler(healthContract, async ({ log }) => {
  try {
    // Counting the applied migrations is the check: it fails when the database does not answer.
    return await withDb(async (db) => ({ ok: true, db: databaseLabel(), migrations: await countAppliedMigrations(db) }));
  } catch (error) {
    log.error('database check failed', error);
    throw appError('DatabaseUnavailable');
  }
});

export const config = { path: '/api/health' };
