/** The staff inbox of estimate and booking requests: search, one lead with its history, status and notes. */
import { sql, type Kysely } from 'kysely';
import type { LeadDetail, LeadSummary } from '../../lib/api/admin/leads.contract';
import { adminLeadListContract, adminLeadUpdateContract } from '../../lib/api/admin/leads.contract';
import type { QueryOf, RequestOf } from '../../lib/api/contract';
import type { Database } from '../db/database';
import type { Lead } from '../db/tables/lead.table';
import { arrivalWindows, leadLocations, leadServices, leadUrgencies } from '../../business/lead-choices';
import { appError } from '../http/errors';
import { auditOf, recordAudit } from '../repositories/audit.repository';
import { containsPattern } from '../db/like-pattern';

/** The label a visitor chose from, for a stored choice id (the id itself when it is not a known one). */
const labelOf = (choices: readonly { id: string; label: string }[], id: string | null) => (id === null ? null : (choices.find((c) => c.id === id)?.label ?? id));

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function summary(lead: Lead): LeadSummary {
  return {
    id: lead.id, reference: lead.reference, kind: lead.kind, status: lead.status, name: lead.name, phone: lead.phone, email: lead.email,
    service: labelOf(leadServices, lead.service), pageContext: lead.page_context, trafficSource: lead.traffic_source, createdAt: iso(lead.created_at)!, isDemo: lead.is_demo,
  };
}

/** `%`, `_` and `\` typed into the search box are matched literally. */

export async function listLeads(db: Kysely<Database>, query: QueryOf<typeof adminLeadListContract>) {
  let base = db.selectFrom('leads');
  if (query.status === 'open') base = base.where('status', 'in', ['new', 'contacted', 'scheduled']);
  else if (query.status !== 'all') base = base.where('status', '=', query.status);
  if (query.kind !== 'all') base = base.where('kind', '=', query.kind);
  if (query.q) {
    const pattern = containsPattern(query.q);
    const digits = query.q.replace(/\D/g, '');
    base = base.where((eb) => eb.or([
      eb('name', 'ilike', pattern),
      eb('email', 'ilike', pattern),
      eb('reference', 'ilike', pattern),
      eb('message', 'ilike', pattern),
      ...(digits.length >= 3 ? [eb(sql<string>`regexp_replace(phone, '\\D', '', 'g')`, 'like', `%${digits}%`)] : []),
    ]));
  }
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy(query.sort, query.dir).orderBy('id', query.dir).limit(query.pageSize).offset((query.page - 1) * query.pageSize).execute(),
  ]);
  return { rows: rows.map(summary), total: Number(n), page: query.page, pageSize: query.pageSize };
}

export async function leadDetail(db: Kysely<Database>, id: number): Promise<LeadDetail> {
  const lead = await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
  if (!lead) throw appError('NotFound');
  const history = await auditOf(db, 'lead', id);
  return {
    ...summary(lead),
    location: labelOf(leadLocations, lead.location), urgency: labelOf(leadUrgencies, lead.urgency), message: lead.message, zip: lead.zip, preferredDate: lead.preferred_date,
    arrivalWindow: labelOf(arrivalWindows, lead.arrival_window), officeId: lead.office_id, spamReason: lead.spam_reason, notes: lead.staff_notes,
    statusChangedAt: iso(lead.status_changed_at), statusChangedBy: lead.status_changed_by,
    history: history.map((h) => ({ at: iso(h.at)!, actor: h.actor_email, action: h.action, before: h.before, after: h.after })),
  };
}

/** Changes a lead's status or notes and audits it, in one transaction. */
export async function updateLead(db: Kysely<Database>, id: number, change: RequestOf<typeof adminLeadUpdateContract>, actor: { email: string; requestId: string }): Promise<LeadDetail> {
  await db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom('leads').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!lead) throw appError('NotFound');
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const now = new Date();
    const set: Partial<{ status: Lead['status']; staff_notes: string | null; status_changed_at: Date; status_changed_by: string }> = {};
    if (change.status !== undefined && change.status !== lead.status) {
      Object.assign(set, { status: change.status, status_changed_at: now, status_changed_by: actor.email });
      before.status = lead.status;
      after.status = change.status;
    }
    const notes = change.notes === undefined ? undefined : change.notes?.trim() || null;
    if (notes !== undefined && notes !== lead.staff_notes) {
      set.staff_notes = notes;
      before.notes = lead.staff_notes;
      after.notes = notes;
    }
    if (Object.keys(set).length === 0) return;
    await trx.updateTable('leads').set(set).where('id', '=', id).execute();
    await recordAudit(trx, { actor: actor.email, action: 'status' in after ? 'lead.status' : 'lead.notes', entity: 'lead', entityId: id, before, after, requestId: actor.requestId });
  });
  return leadDetail(db, id);
}

/** A CSV cell: quoted, and a leading = + - @ made inert so a spreadsheet never runs it as a formula. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvRowLimit = 5000;

export async function leadsCsv(db: Kysely<Database>, query: Omit<QueryOf<typeof adminLeadListContract>, 'page' | 'pageSize'>): Promise<string> {
  const { rows } = await listLeads(db, { ...query, page: 1, pageSize: csvRowLimit });
  const header = ['Reference', 'Received (UTC)', 'Type', 'Status', 'Name', 'Phone', 'Email', 'Service', 'Sent from', 'Traffic source', 'Demo'];
  const lines = rows.map((r) => [r.reference, r.createdAt, r.kind, r.status, r.name, r.phone, r.email, r.service, r.pageContext, r.trafficSource ?? 'direct', r.isDemo ? 'yes' : ''].map(csvCell).join(','));
  return `${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}

const chicagoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The last `days` calendar dates in America/Chicago (YYYY-MM-DD), oldest first, ending with `now`'s. */
export function lastDays(now: Date, days: number): string[] {
  const [year, month, day] = chicagoDay.format(now).split('-').map(Number) as [number, number, number];
  return Array.from({ length: days }, (_, i) => new Date(Date.UTC(year, month - 1, day - (days - 1 - i))).toISOString().slice(0, 10));
}

const dayOf = (column: 'created_at') => sql<string>`to_char(${sql.ref(column)} at time zone 'America/Chicago', 'YYYY-MM-DD')`;

/** /admin: what needs a person now, and the last 30 days at a glance (spam left out of every figure but its own). */
export async function overview(db: Kysely<Database>, now = new Date()) {
  const since = new Date(now.getTime() - 30 * 24 * 3600 * 1000);
  const weekAgo = new Date(now.getTime() - 7 * 24 * 3600 * 1000);
  const count = async (build: (q: ReturnType<typeof db.selectFrom<'leads'>>) => ReturnType<typeof db.selectFrom<'leads'>>) =>
    Number((await build(db.selectFrom('leads')).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const [newEstimates, newBookings, open, estimates, bookings, spam, won, byPage, bySource, leadDays, recent, chatHandoffs, chatDays, chats, deadEmails, newNotFound] = await Promise.all([
    count((q) => q.where('status', '=', 'new').where('kind', '=', 'estimate')),
    count((q) => q.where('status', '=', 'new').where('kind', '=', 'booking')),
    count((q) => q.where('status', 'in', ['new', 'contacted', 'scheduled'])),
    count((q) => q.where('created_at', '>=', since).where('kind', '=', 'estimate').where('status', '!=', 'spam')),
    count((q) => q.where('created_at', '>=', since).where('kind', '=', 'booking').where('status', '!=', 'spam')),
    count((q) => q.where('created_at', '>=', since).where('status', '=', 'spam')),
    count((q) => q.where('created_at', '>=', since).where('status', '=', 'won')),
    db.selectFrom('leads').select(['page_context', (eb) => eb.fn.countAll<string>().as('n')]).where('created_at', '>=', since).where('status', '!=', 'spam').groupBy('page_context').orderBy('n', 'desc').limit(8).execute(),
    db.selectFrom('leads').select(['traffic_source', (eb) => eb.fn.countAll<string>().as('n')]).where('created_at', '>=', since).where('status', '!=', 'spam').groupBy('traffic_source').orderBy('n', 'desc').limit(8).execute(),
    db.selectFrom('leads').select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll<string>().as('n')]).where('created_at', '>=', since).where('status', '!=', 'spam').groupBy('day').execute(),
    db.selectFrom('leads').selectAll().where('status', '=', 'new').orderBy('created_at', 'desc').limit(5).execute(),
    db.selectFrom('chat_conversations').select((eb) => eb.fn.countAll<string>().as('n')).where('needs_handoff', '=', true).where('created_at', '>=', weekAgo).executeTakeFirstOrThrow(),
    db.selectFrom('chat_conversations').select([dayOf('created_at').as('day'), (eb) => eb.fn.countAll<string>().as('n')]).where('created_at', '>=', since).groupBy('day').execute(),
    db.selectFrom('chat_conversations')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.count<string>('rating').as('rated'), eb.fn.avg<string | null>('rating').as('average')])
      .where('created_at', '>=', since).executeTakeFirstOrThrow(),
    db.selectFrom('outbox_messages').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', 'dead').executeTakeFirstOrThrow(),
    db.selectFrom('not_found_hits').select((eb) => eb.fn.countAll<string>().as('n')).where('first_seen_at', '>=', weekAgo).executeTakeFirstOrThrow(),
  ]);
  const perDay = (rows: { day: string; n: string | number | bigint }[]) => new Map(rows.map((r) => [r.day, Number(r.n)]));
  const leadsPerDay = perDay(leadDays);
  const chatsPerDay = perDay(chatDays);
  const average = chats.average === null ? null : Math.round(Number(chats.average) * 10) / 10;
  return {
    newEstimates, newBookings, open,
    chatHandoffs: Number(chatHandoffs.n), deadEmails: Number(deadEmails.n), newNotFound: Number(newNotFound.n),
    last30Days: { estimates, bookings, spam, won, chats: Number(chats.n), ratedChats: Number(chats.rated), averageRating: average },
    byDay: lastDays(now, 30).map((date) => ({ date, leads: leadsPerDay.get(date) ?? 0, chats: chatsPerDay.get(date) ?? 0 })),
    bySource: bySource.map((r) => ({ source: r.traffic_source, count: Number(r.n) })),
    byPage: byPage.map((r) => ({ pageContext: r.page_context, count: Number(r.n) })),
    recent: recent.map(summary),
  };
}
