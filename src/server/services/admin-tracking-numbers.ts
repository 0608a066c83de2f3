/**
 * Staff edits of tracking numbers: exactly one default channel (it shows the office number), rules
 * stored as the JSON text the pre-paint script reads, every change audited. Visitors get a change
 * from GET /api/tracking-numbers within its cache time; the build puts it in the inline script.
 */
import type { Kysely } from 'kysely';
import { austinOffice } from '../../business';
import type { adminTrackingAddContract, adminTrackingUpdateContract, TrackingRow } from '../../lib/api/admin/tracking-numbers.contract';
import type { RequestOf } from '../../lib/api/contract';
import { telHref } from '../../lib/phone';
import { parseDetectionRules } from '../../lib/traffic-source';
import type { Database } from '../db/database';
import type { TrackingNumber } from '../db/tables/tracking-number.table';
import { appError } from '../http/errors';
import { HttpError } from '../http/response';
import { recordAudit } from '../repositories/audit.repository';
import { requestPublish } from './publishing';

interface Actor { email: string; requestId: string }
type ChannelInput = RequestOf<typeof adminTrackingUpdateContract>;

function view(row: TrackingNumber): TrackingRow {
  const rules = parseDetectionRules(row.detection_rules, () => {}) ?? {};
  return {
    id: row.id, channelKey: row.channel_key, displayNumber: row.display_number,
    shownNumber: row.is_default || !row.display_number ? austinOffice.phone : row.display_number,
    isActive: row.is_active, isDefault: row.is_default, sortOrder: row.sort_order,
    rules: { urlParams: rules.urlParams ?? [], utmSources: rules.utmSources ?? [], referrerIncludes: rules.referrerIncludes ?? [] },
    isDemo: row.is_demo, updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const columns = (input: ChannelInput) => ({
  display_number: input.displayNumber,
  tel_link: input.displayNumber ? telHref(input.displayNumber) : null,
  is_active: input.isActive,
  is_default: input.isDefault,
  sort_order: input.sortOrder,
  detection_rules: JSON.stringify(Object.fromEntries(Object.entries(input.rules).filter(([, list]) => list.length > 0))),
});

function checkDefault(input: ChannelInput): void {
  if (input.isDefault && !input.isActive) throw new HttpError(400, 'The default channel must be active: it is what every visitor sees when no other channel matches.', { fields: { isActive: 'The default channel must be active.' } });
}

export async function listChannels(db: Kysely<Database>) {
  const rows = await db.selectFrom('tracking_numbers').selectAll().orderBy('sort_order').orderBy('id').execute();
  return { channels: rows.map(view), officeNumber: austinOffice.phone };
}

export async function addChannel(db: Kysely<Database>, input: RequestOf<typeof adminTrackingAddContract>, actor: Actor): Promise<TrackingRow> {
  checkDefault(input);
  return db.transaction().execute(async (trx) => {
    const exists = await trx.selectFrom('tracking_numbers').select('id').where('channel_key', '=', input.channelKey).executeTakeFirst();
    if (exists) throw new HttpError(409, `A channel named ${input.channelKey} already exists: change that one instead.`, { fields: { channelKey: 'This name is taken.' } });
    if (input.isDefault) await trx.updateTable('tracking_numbers').set({ is_default: false }).where('is_default', '=', true).execute();
    const row = await trx.insertInto('tracking_numbers').values({ channel_key: input.channelKey, ...columns(input) }).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, { actor: actor.email, action: 'tracking-number.add', entity: 'tracking-number', entityId: input.channelKey, after: view(row), requestId: actor.requestId });
    await requestPublish(trx, { kind: 'tracking-numbers', label: `Tracking number ${input.channelKey} added`, by: actor.email });
    return view(row);
  });
}

export async function updateChannel(db: Kysely<Database>, id: number, input: ChannelInput, actor: Actor): Promise<TrackingRow> {
  checkDefault(input);
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('tracking_numbers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!current) throw appError('NotFound');
    if (current.is_default && !input.isDefault) {
      throw new HttpError(409, 'There must always be one default channel. Make another channel the default instead; this one then stops being it.');
    }
    if (input.isDefault && !current.is_default) await trx.updateTable('tracking_numbers').set({ is_default: false }).where('is_default', '=', true).execute();
    const row = await trx.updateTable('tracking_numbers').set({ ...columns(input), updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, { actor: actor.email, action: 'tracking-number.change', entity: 'tracking-number', entityId: current.channel_key, before: view(current), after: view(row), requestId: actor.requestId });
    await requestPublish(trx, { kind: 'tracking-numbers', label: `Tracking number ${current.channel_key} changed`, by: actor.email });
    return view(row);
  });
}
