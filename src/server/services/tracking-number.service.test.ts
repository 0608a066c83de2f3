import { describe, expect, test, vi } from 'vitest';
import { austinOffice } from '../../business';
import type { TrackingNumber } from '../db/tables/tracking-number.table';
import { createLogger } from '../http/logger';
import { toTrackingRecords, trackingChannelSeeds } from './tracking-number.service';

const row = (channel_key: string, display_number: string | null, extra: Partial<TrackingNumber> = {}): TrackingNumber => ({
  id: 1, channel_key, display_number, tel_link: null, is_default: false, is_active: true, detection_rules: '{}', sort_order: 0,
  is_demo: false, created_at: new Date(), updated_at: new Date(), ...extra,
});
const log = createLogger({}, { LOG_LEVEL: 'silent' });

describe('toTrackingRecords', () => {
  test('a channel with its own number shows it, with a SPEC §5 tel: link', () => {
    expect(toTrackingRecords([row('google', '(512) 555-0101', { tel_link: '512.555.0101', detection_rules: '{"urlParams":["gclid"]}' })], log)).toEqual([
      { channelKey: 'google', displayNumber: '(512) 555-0101', telLink: 'tel:+15125550101', isDefault: false, isActive: true, detectionRules: '{"urlParams":["gclid"]}' },
    ]);
  });

  test('a channel staff have not given a number yet shows the Austin office number', () => {
    const [record] = toTrackingRecords([row('yelp', null)], log);
    expect(record).toMatchObject({ displayNumber: austinOffice.phone, telLink: 'tel:+15123689159' });
  });

  test('a number not written like the office number is not shown (it would change the layout) and is logged', () => {
    const warn = vi.fn();
    const [record] = toTrackingRecords([row('nextdoor', '512-555-0104 ext 2')], { ...log, warn });
    expect(record).toMatchObject({ displayNumber: austinOffice.phone, telLink: 'tel:+15123689159' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('(512) 368-9159'), { channelKey: 'nextdoor' });
  });

  test('the default channel always shows the office number from src/business', () => {
    const [record] = toTrackingRecords([row('default', '(512) 555-0100', { is_default: true })], log);
    expect(record).toMatchObject({ channelKey: 'default', displayNumber: austinOffice.phone, isDefault: true });
  });
});

test('the seeded channels match SPEC §3 and the issue', () => {
  expect(trackingChannelSeeds.map((c) => c.channel_key)).toEqual(['default', 'google', 'facebook', 'yelp', 'nextdoor']);
  expect(JSON.parse(trackingChannelSeeds[1].detection_rules)).toEqual({ urlParams: ['gclid'], utmSources: ['google'], referrerIncludes: ['google.'] });
  expect(trackingChannelSeeds[0]).toMatchObject({ display_number: austinOffice.phone, is_default: true });
});
