// POST /api/track-404: counts one visit to a missing address, reported by the 404 screen.
import { track404Contract } from '../../src/lib/api/track-404.contract';
import { withDb } from '../../src/server/db/connect';
import { clientAddressHash } from '../../src/server/http/client-address';
import { defineHandler } from '../../src/server/http/handler';
import { rateLimitFor } from '../../src/server/http/lead-submission';
import { recordNotFoundReport } from '../../src/server/services/not-found.service';

export default defineHandler(track404Contract, async ({ body, request, context, log }) => {
  // The same switch as the lead limit: RATE_LIMIT_DISABLED=1 lifts it outside production.
  const client = rateLimitFor(process.env, log) ? clientAddressHash(request, context) : null;
  await withDb((db) => recordNotFoundReport(db, body, client));
  return { recorded: true as const };
}, { sameOrigin: true, requires: ['CLIENT_HASH_SECRET'] });

export const config = { path: '/api/track-404' };
