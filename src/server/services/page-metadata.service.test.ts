import { describe, expect, test, vi } from 'vitest';
import type { PageMetadataRow } from '../db/tables/page-metadata.table';
import { describeEachDatabase } from '../db/test-databases';
import { createLogger } from '../http/logger';
import { loadOverrides, savePageMetadataOverride, toOverride } from './page-metadata.service';

const log = createLogger({}, { LOG_LEVEL: 'silent' });
const row = (fields: Partial<PageMetadataRow>): PageMetadataRow => ({
  id: 1, path: '/faq', title: null, description: null, canonical: null, is_demo: false, created_at: new Date(), updated_at: new Date(), ...fields,
});

describe('toOverride', () => {
  test('blank fields keep the page values; a row with nothing usable is no override', () => {
    expect(toOverride(row({ title: ' Plumbing FAQ ', description: '  ' }), log)).toEqual({ title: 'Plumbing FAQ', description: null, canonical: null });
    expect(toOverride(row({}), log)).toBeNull();
  });

  test('an unusable canonical is dropped and logged', () => {
    const warn = vi.fn();
    expect(toOverride(row({ title: 'T', canonical: 'javascript:alert(1)' }), { ...log, warn })).toEqual({ title: 'T', description: null, canonical: null });
    expect(warn).toHaveBeenCalledOnce();
  });
});

describeEachDatabase('page metadata overrides', (db) => {
  test('an override saved under any spelling of a path is found by its normalised page path', async () => {
    await savePageMetadataOverride(db(), '/Drain-Cleaning/', { title: 'Drain cleaning in Austin', description: null, canonical: '/drain-cleaning' });
    await savePageMetadataOverride(db(), '/empty', { title: null, description: ' ', canonical: null });
    const overrides = await loadOverrides(db(), log);
    expect(overrides.get('/drain-cleaning')).toEqual({ title: 'Drain cleaning in Austin', description: null, canonical: '/drain-cleaning' });
    expect([...overrides.keys()]).toEqual(['/drain-cleaning']);
  });
});
