/**
 * Staff edits of the store's catalogue. Any staff member changes the words and the order; an owner
 * creates products, changes prices and terms, and puts products on sale or off (the contracts'
 * access enforces it). Prices arrive as cents from the contract's parsing of what staff typed.
 * Every change is audited in its own transaction (a price change with its before and after) and
 * records a publish request, since the store and /membership-benefits are built from this table.
 */
import type { Kysely } from 'kysely';
import { formatCents, type adminProductCreateContract, type adminProductPricingContract, type adminProductUpdateContract, type ProductRow } from '../../lib/api/admin/products.contract';
import type { RequestOf } from '../../lib/api/contract';
import type { Database } from '../db/database';
import type { Product } from '../db/tables/product.table';
import { appError } from '../http/errors';
import { HttpError } from '../http/response';
import { recordAudit } from '../repositories/audit.repository';
import { findProductById, findProductBySlug, insertProduct, listProducts, setProductOrder, updateProduct, type ProductSort } from '../repositories/product.repository';
import { requestPublish } from './publishing';

interface Actor { email: string; requestId: string }

export function productView(row: Product): ProductRow {
  return {
    id: row.id, slug: row.slug, kind: row.kind, name: row.name, description: row.description, features: row.features,
    priceCents: row.price_cents, termMonths: row.term_months, propertyType: row.property_type, image: row.image,
    active: row.active, sortOrder: row.sort_order, updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** What the audit keeps of a product: the view with the price written out as well. */
const audited = (row: Product) => ({ ...productView(row), price: formatCents(row.price_cents) });

function checkFeatures(kind: Product['kind'], features: readonly string[]): void {
  if (kind === 'membership' && features.length === 0) {
    throw new HttpError(400, 'A membership lists at least one thing it includes, so buyers know what they pay for.', { fields: { features: 'Add at least one feature.' } });
  }
}

async function publish(trx: Kysely<Database>, label: string, by: string): Promise<void> {
  await requestPublish(trx, { kind: 'products', label, by });
}

export async function listCatalogue(db: Kysely<Database>, sort: ProductSort = 'order') {
  return { products: (await listProducts(db, sort)).map(productView) };
}

export async function createProduct(db: Kysely<Database>, input: RequestOf<typeof adminProductCreateContract>, actor: Actor): Promise<ProductRow> {
  if (input.kind === 'membership' && input.termMonths === null) {
    throw new HttpError(400, 'A membership needs a term: how many months it lasts (1 to 60).', { fields: { termMonths: 'Enter the months this membership lasts.' } });
  }
  if (input.kind === 'product' && input.termMonths !== null) {
    throw new HttpError(400, 'Only memberships have a term; leave it empty for a product.', { fields: { termMonths: 'Leave this empty for a product.' } });
  }
  checkFeatures(input.kind, input.features);
  return db.transaction().execute(async (trx) => {
    if (await findProductBySlug(trx, input.slug)) {
      throw new HttpError(409, `The slug ${input.slug} is already used by another product; choose another one.`, { fields: { slug: 'This slug is taken.' } });
    }
    const last = await trx.selectFrom('products').select((eb) => eb.fn.max('sort_order').as('max')).executeTakeFirst();
    const row = await insertProduct(trx, {
      slug: input.slug, kind: input.kind, name: input.name, description: input.description, features: input.features, price_cents: input.price,
      term_months: input.termMonths, property_type: input.propertyType, image: input.image, active: input.active, sort_order: Number(last?.max ?? 0) + 10,
    });
    await recordAudit(trx, { actor: actor.email, action: 'product.add', entity: 'product', entityId: row.slug, after: audited(row), requestId: actor.requestId });
    await publish(trx, `Product ${row.name} added`, actor.email);
    return productView(row);
  });
}

/** Locks the product for the change; a 404 when it is gone. */
async function lockProduct(trx: Kysely<Database>, id: number): Promise<Product> {
  const row = await trx.selectFrom('products').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw appError('NotFound');
  return row;
}

export async function updateProductText(db: Kysely<Database>, id: number, input: RequestOf<typeof adminProductUpdateContract>, actor: Actor): Promise<ProductRow> {
  return db.transaction().execute(async (trx) => {
    const current = await lockProduct(trx, id);
    checkFeatures(current.kind, input.features);
    const row = (await updateProduct(trx, id, { name: input.name, description: input.description, features: input.features, property_type: input.propertyType, image: input.image }))!;
    await recordAudit(trx, { actor: actor.email, action: 'product.change', entity: 'product', entityId: row.slug, before: audited(current), after: audited(row), requestId: actor.requestId });
    await publish(trx, `Product ${row.name} changed`, actor.email);
    return productView(row);
  });
}

export async function updateProductPricing(db: Kysely<Database>, id: number, input: RequestOf<typeof adminProductPricingContract>, actor: Actor): Promise<ProductRow> {
  if (input.price === undefined && input.termMonths === undefined && input.active === undefined) {
    throw new HttpError(400, 'Send a price, a term or whether the product is on sale: nothing was changed.');
  }
  return db.transaction().execute(async (trx) => {
    const current = await lockProduct(trx, id);
    if (input.termMonths !== undefined && current.kind !== 'membership') {
      throw new HttpError(400, 'Only memberships have a term; a product is sold once.', { fields: { termMonths: 'Only memberships have a term.' } });
    }
    const row = (await updateProduct(trx, id, {
      ...(input.price !== undefined ? { price_cents: input.price } : {}),
      ...(input.termMonths !== undefined ? { term_months: input.termMonths } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    }))!;
    const changes: string[] = [];
    if (row.price_cents !== current.price_cents) changes.push(`price ${formatCents(current.price_cents)} → ${formatCents(row.price_cents)}`);
    if (row.term_months !== current.term_months) changes.push(`term ${current.term_months} → ${row.term_months} months`);
    if (row.active !== current.active) changes.push(row.active ? 'on sale' : 'taken off sale');
    const action = row.price_cents !== current.price_cents ? 'product.price' : row.active !== current.active ? (row.active ? 'product.activate' : 'product.deactivate') : 'product.term';
    const pick = (p: Product) => ({ price: formatCents(p.price_cents), priceCents: p.price_cents, termMonths: p.term_months, active: p.active });
    await recordAudit(trx, { actor: actor.email, action, entity: 'product', entityId: row.slug, before: pick(current), after: pick(row), requestId: actor.requestId });
    await publish(trx, `Product ${row.name}: ${changes.join(', ') || 'saved unchanged'}`, actor.email);
    return productView(row);
  });
}

export async function reorderProducts(db: Kysely<Database>, ids: readonly number[], actor: Actor) {
  if (new Set(ids).size !== ids.length) throw new HttpError(400, 'Each product appears once in the order.', { fields: { ids: 'A product is listed twice.' } });
  return db.transaction().execute(async (trx) => {
    const before = await listProducts(trx);
    const known = new Set(before.map((p) => p.id));
    if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw new HttpError(409, 'The list changed while you were ordering it. Reload the page and order it again.');
    }
    await setProductOrder(trx, ids);
    const after = await listProducts(trx);
    await recordAudit(trx, { actor: actor.email, action: 'product.reorder', entity: 'product', entityId: 'order', before: before.map((p) => p.slug), after: after.map((p) => p.slug), requestId: actor.requestId });
    await publish(trx, 'Store order changed', actor.email);
    return { products: after.map(productView) };
  });
}

export { findProductById };
