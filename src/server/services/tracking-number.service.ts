/**
 * Tracking phone numbers: the channels and their detection rules, the records the API and the build
 * serve (with the office number wherever a channel has none), and the seed.
 */
import type { Kysely } from 'kysely';
import { austinOffice } from '../../business';
import { telHref } from '../../lib/phone';
import { parseDetectionRules, type TrackingChannel, type TrafficSourceConfig } from '../../lib/traffic-source';
import { withDb } from '../db/connect';
import type { Database } from '../db/database';
import { createLogger, type Logger } from '../http/logger';
import { insertChannelIfMissing, listActiveTrackingNumbers, setDemoNumberIfEmpty, type TrackingNumber } from '../repositories/tracking-number.repository';
import { cachePerDatabase, shortCacheMs } from './short-cache';

/**
 * The channels every database starts with (SPEC §3, §5). Only the default channel has a known number,
 * the Austin office's; the others get theirs from staff and show the office number until then.
 */
export const trackingChannelSeeds = [
  { channel_key: 'default', is_default: true, sort_order: 0, detection_rules: '{}', display_number: austinOffice.phone, tel_link: telHref(austinOffice.phone) },
  { channel_key: 'google', sort_order: 10, detection_rules: JSON.stringify({ urlParams: ['gclid'], utmSources: ['google'], referrerIncludes: ['google.'] }) },
  { channel_key: 'facebook', sort_order: 20, detection_rules: JSON.stringify({ urlParams: ['fbclid'], utmSources: ['facebook', 'instagram', 'fb', 'ig'], referrerIncludes: ['facebook.com', 'instagram.com'] }) },
  { channel_key: 'yelp', sort_order: 30, detection_rules: JSON.stringify({ utmSources: ['yelp'], referrerIncludes: ['yelp.com'] }) },
  { channel_key: 'nextdoor', sort_order: 40, detection_rules: JSON.stringify({ utmSources: ['nextdoor'], referrerIncludes: ['nextdoor.com'] }) },
] as const;

/** Local demo numbers: 555-01xx numbers are reserved for fiction and never ring anyone. */
export const demoTrackingNumbers: Record<string, string> = {
  google: '(512) 555-0101',
  facebook: '(512) 555-0102',
  yelp: '(512) 555-0103',
  nextdoor: '(512) 555-0104',
};

/** Shown numbers keep the office number's format, so a swap never changes the width of a link. */
const displayFormat = /^\(\d{3}\) \d{3}-\d{4}$/;

/**
 * Rows → SPEC §3 records. The default channel is the Austin office number from src/business. A
 * channel without a number, or with one not written like (512) 368-9159, shows the office number
 * (the latter is logged, since staff should fix it). tel: links follow SPEC §5.
 */
export function toTrackingRecords(rows: TrackingNumber[], log: Logger): TrackingChannel[] {
  return rows.map((row) => {
    const own = row.display_number?.trim() ?? '';
    const usable = !row.is_default && displayFormat.test(own);
    if (!row.is_default && own !== '' && !usable) {
      log.warn('tracking number not shown: write it like (512) 368-9159', { channelKey: row.channel_key });
    }
    const displayNumber = usable ? own : austinOffice.phone;
    return {
      channelKey: row.channel_key,
      displayNumber,
      telLink: telHref(usable && row.tel_link ? row.tel_link : displayNumber),
      isDefault: row.is_default,
      isActive: row.is_active,
      detectionRules: row.detection_rules,
    };
  });
}

/** The records GET /api/tracking-numbers answers with. */
export async function listTrackingRecords(db: Kysely<Database>, log: Logger): Promise<TrackingChannel[]> {
  return toTrackingRecords(await listActiveTrackingNumbers(db), log);
}

/** The records for GET /api/tracking-numbers, read at most once per shortCacheMs by this instance. */
export const trackingRecordsForRequest: () => Promise<TrackingChannel[]> = cachePerDatabase(shortCacheMs, () =>
  withDb((db) => listTrackingRecords(db, createLogger({ cache: 'tracking-numbers' }))));

let buildConfig: Promise<TrafficSourceConfig> | undefined;

/**
 * The table built into every page's inline script: one query per build. Unusable detection rules are
 * reported here too, so they show in the build log and not only in visitors' consoles.
 */
export function loadTrafficSourceConfig(): Promise<TrafficSourceConfig> {
  buildConfig ??= withDb(async (db) => {
    const log = createLogger({ during: 'build' });
    const channels = await listTrackingRecords(db, log);
    for (const channel of channels) {
      parseDetectionRules(channel.detectionRules, (message) => log.warn(`tracking channel ${channel.channelKey}: ${message}; it is skipped`));
    }
    return { office: austinOffice.id, officeNumber: austinOffice.phone, builtAt: Date.now(), channels };
  });
  return buildConfig;
}

/** Adds the channels a database lacks (never changes existing ones). Returns how many it added. */
export async function seedTrackingChannels(db: Kysely<Database>): Promise<number> {
  let added = 0;
  for (const channel of trackingChannelSeeds) {
    if (await insertChannelIfMissing(db, channel)) added++;
  }
  return added;
}

/** Local only: gives channels without a number a fictional 555-01xx one, flagged is_demo. */
export async function seedDemoTrackingNumbers(db: Kysely<Database>): Promise<number> {
  let set = 0;
  for (const [channelKey, number] of Object.entries(demoTrackingNumbers)) {
    if (await setDemoNumberIfEmpty(db, channelKey, number, telHref(number))) set++;
  }
  return set;
}
