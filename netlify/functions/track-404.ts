// POST /api/track-404: counts one visit to a missing address, reported by the 404 screen.
import { track404Contract } from '../../src/lib/api/track-404.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { recordNotFoundReport } from '../../src/server/services/not-found.service';

export default defineHandler(track404Contract, async ({ body }) => {
  await withDb((db) => recordNotFoundReport(db, body));
  return { recorded: true as const };
}, { sameOrigin: true });

export const config = { path: '/api/track-404' };
