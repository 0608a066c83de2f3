import { expect, test } from 'vitest';
import { describeEachDatabase } from '../db/test-databases';
import { seedDemoTrackingNumbers, seedTrackingChannels } from '../services/tracking-number.service';
import { findTrackingNumber, insertChannelIfMissing, listActiveTrackingNumbers, setDemoNumberIfEmpty } from './tracking-number.repository';

describeEachDatabase('tracking number repository', (db) => {
  test('seeding adds the five channels in order, only the default with a number', async () => {
    expect(await seedTrackingChannels(db())).toBe(5);
    const rows = await listActiveTrackingNumbers(db());
    expect(rows.map((r) => r.channel_key)).toEqual(['default', 'google', 'facebook', 'yelp', 'nextdoor']);
    expect(rows.map((r) => r.display_number)).toEqual(['(512) 368-9159', null, null, null, null]);
    expect(rows.filter((r) => r.is_default).map((r) => r.channel_key)).toEqual(['default']);
    expect(JSON.parse(rows[2]!.detection_rules)).toEqual({
      urlParams: ['fbclid'], utmSources: ['facebook', 'instagram', 'fb', 'ig'], referrerIncludes: ['facebook.com', 'instagram.com'],
    });
    expect(rows.every((r) => !r.is_demo)).toBe(true);
  });

  test('seeding again never overwrites what staff changed', async () => {
    await db().updateTable('tracking_numbers').set({ display_number: '(512) 555-0111', detection_rules: '{"urlParams":["gclid","gbraid"]}' }).where('channel_key', '=', 'google').execute();
    expect(await seedTrackingChannels(db())).toBe(0);
    expect(await findTrackingNumber(db(), 'google')).toMatchObject({ display_number: '(512) 555-0111', detection_rules: '{"urlParams":["gclid","gbraid"]}' });
  });

  test('demo numbers fill only channels without one, flagged is_demo', async () => {
    expect(await seedDemoTrackingNumbers(db())).toBe(3);
    expect(await findTrackingNumber(db(), 'google')).toMatchObject({ display_number: '(512) 555-0111', is_demo: false });
    expect(await findTrackingNumber(db(), 'facebook')).toMatchObject({ display_number: '(512) 555-0102', tel_link: 'tel:+15125550102', is_demo: true });
    expect(await setDemoNumberIfEmpty(db(), 'facebook', '(512) 555-0199', 'tel:+15125550199')).toBe(false);
  });

  test('inactive channels are not listed', async () => {
    await db().updateTable('tracking_numbers').set({ is_active: false }).where('channel_key', '=', 'nextdoor').execute();
    expect((await listActiveTrackingNumbers(db())).map((r) => r.channel_key)).not.toContain('nextdoor');
  });

  test('the database refuses a second default channel and a malformed channel key', async () => {
    await expect(insertChannelIfMissing(db(), { channel_key: 'office-two', is_default: true })).rejects.toThrow();
    await expect(insertChannelIfMissing(db(), { channel_key: 'Bad Key!' })).rejects.toThrow();
  });
});
