import { expect, test } from 'vitest';
import { describeEachDatabase } from '../db/test-databases';
import { findPageMetadata, listPageMetadata, upsertPageMetadata } from './page-metadata.repository';

describeEachDatabase('page metadata repository', (db) => {
  test('finds the override stored for a path, and nothing for another', async () => {
    await upsertPageMetadata(db(), { path: '/faq', title: 'Plumbing questions answered', description: null, canonical: null });
    expect(await findPageMetadata(db(), '/faq')).toMatchObject({ path: '/faq', title: 'Plumbing questions answered', description: null, is_demo: false });
    expect(await findPageMetadata(db(), '/about')).toBeUndefined();
  });

  test('saving a path again replaces its override', async () => {
    await upsertPageMetadata(db(), { path: '/faq', title: 'New title', description: 'New description', canonical: '/faq' });
    const rows = await listPageMetadata(db());
    expect(rows.filter((r) => r.path === '/faq')).toHaveLength(1);
    expect(rows.find((r) => r.path === '/faq')).toMatchObject({ title: 'New title', description: 'New description', canonical: '/faq' });
  });

  test('the database bounds every text', async () => {
    await expect(upsertPageMetadata(db(), { path: '/long', title: 'x'.repeat(201), description: null, canonical: null })).rejects.toThrow();
    await expect(upsertPageMetadata(db(), { path: `/${'p'.repeat(512)}`, title: null, description: null, canonical: null })).rejects.toThrow();
  });
});
