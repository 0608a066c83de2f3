// GET /api/admin/leads.csv: the inbox's filtered list as a CSV download.
import { adminLeadCsvContract } from '../../src/lib/api/admin/leads.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { leadsCsv } from '../../src/server/services/admin-leads';

export default defineHandler(adminLeadCsvContract, async ({ query }) => {
  const csv = await withDb((db) => leadsCsv(db, query));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="leads-${day}.csv"`, 'Cache-Control': 'no-store' } });
});

export const path = '/api/admin/leads.csv';
