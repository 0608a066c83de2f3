import { expect, test } from 'vitest';
import { describeEachDatabase } from '../db/test-databases';
import {
  catalogueSeed, dollarsToCents, findProductById, findProductBySlug, insertProduct, listActiveProducts, listProducts, seedProducts, setProductOrder, updateProduct,
} from './product.repository';

describeEachDatabase('product repository', (db) => {
  test('seeding adds today\'s catalogue with its prices in cents, memberships with their terms', async () => {
    expect(await seedProducts(db())).toBe(7);
    const rows = await listProducts(db());
    expect(rows.map((r) => [r.slug, r.price_cents, r.term_months])).toEqual([
      ['silver-vip-tank', 13925, 12], ['silver-vip-tankless', 21212, 12], ['platinum-vip-tank', 31977, 36], ['platinum-vip-tankless', 59980, 36],
      ['commercial-vip', 11900, 12], ['rental-vip', 10910, 12], ['bio-pure-septic-drain-rv', 2953, null],
    ]);
    const silver = await findProductBySlug(db(), 'silver-vip-tank');
    expect(silver).toMatchObject({ kind: 'membership', property_type: 'residential', active: true, is_demo: false, image: null });
    expect(silver?.features).toEqual(['Flush of up to 2 tank water heaters', 'Plumbing check-up', 'Preferred pricing', 'Priority emergency scheduling']);
    expect((await findProductBySlug(db(), 'commercial-vip'))?.property_type).toBe('commercial');
  });

  test('seeding again never overwrites what staff changed', async () => {
    const silver = (await findProductBySlug(db(), 'silver-vip-tank'))!;
    await updateProduct(db(), silver.id, { name: 'Silver VIP (tank)', price_cents: 14900, features: ['One flush'] });
    expect(await seedProducts(db())).toBe(0);
    expect(await findProductById(db(), silver.id)).toMatchObject({ name: 'Silver VIP (tank)', price_cents: 14900, features: ['One flush'] });
  });

  test('lists by order, name or price; inactive products are left out of the active list', async () => {
    expect((await listProducts(db(), 'price'))[0]?.slug).toBe('bio-pure-septic-drain-rv');
    expect((await listProducts(db(), 'name'))[0]?.slug).toBe('bio-pure-septic-drain-rv');
    const rental = (await findProductBySlug(db(), 'rental-vip'))!;
    await updateProduct(db(), rental.id, { active: false });
    expect((await listActiveProducts(db())).map((r) => r.slug)).not.toContain('rental-vip');
    expect((await listProducts(db())).map((r) => r.slug)).toContain('rental-vip');
  });

  test('reordering puts the listed products first, in the given order', async () => {
    const bio = (await findProductBySlug(db(), 'bio-pure-septic-drain-rv'))!;
    const rental = (await findProductBySlug(db(), 'rental-vip'))!;
    const others = (await listProducts(db())).filter((p) => p.id !== bio.id && p.id !== rental.id).map((p) => p.id);
    await setProductOrder(db(), [bio.id, rental.id, ...others]);
    expect((await listProducts(db())).slice(0, 2).map((r) => r.slug)).toEqual(['bio-pure-septic-drain-rv', 'rental-vip']);
  });

  test('the database refuses a zero price, a product with a term, a membership without one, a bad slug and a second slug', async () => {
    const base = { slug: 'drain-kit', kind: 'product' as const, name: 'Drain kit', features: [], price_cents: 1000, term_months: null, property_type: 'residential' as const, image: null };
    await expect(insertProduct(db(), { ...base, price_cents: 0 })).rejects.toThrow();
    await expect(insertProduct(db(), { ...base, term_months: 12 })).rejects.toThrow();
    await expect(insertProduct(db(), { ...base, kind: 'membership' })).rejects.toThrow();
    await expect(insertProduct(db(), { ...base, kind: 'membership', term_months: 61 })).rejects.toThrow();
    await expect(insertProduct(db(), { ...base, slug: 'Drain Kit!' })).rejects.toThrow();
    await expect(insertProduct(db(), { ...base, slug: 'silver-vip-tank' })).rejects.toThrow();
    expect(await insertProduct(db(), base)).toMatchObject({ slug: 'drain-kit', term_months: null, is_demo: false });
  });

  test('dollars become cents without drift', () => {
    expect(dollarsToCents(599.8)).toBe(59980);
    expect(dollarsToCents(29.53)).toBe(2953);
    expect(catalogueSeed().every((r) => Number.isInteger(r.price_cents))).toBe(true);
  });
});
