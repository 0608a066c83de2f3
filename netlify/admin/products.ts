// GET, POST and PATCH /api/admin/products: the catalogue (sorted), add a product (owner), the store's order (audited).
import { adminProductCreateContract, adminProductListContract, adminProductOrderContract } from '../../src/lib/api/admin/products.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { createProduct, listCatalogue, reorderProducts } from '../../src/server/services/admin-products';

export default defineHandlers(
  defineHandler(adminProductListContract, ({ query }) => withDb((db) => listCatalogue(db, query.sort))),
  defineHandler(adminProductCreateContract, ({ body, staff, requestId }) => withDb((db) => createProduct(db, body, { email: staff.email, requestId }))),
  defineHandler(adminProductOrderContract, ({ body, staff, requestId }) => withDb((db) => reorderProducts(db, body.ids, { email: staff.email, requestId }))),
);

export const path = '/api/admin/products';
