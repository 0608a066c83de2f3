// PUT and PATCH /api/admin/products/:id: a product's words (staff); its price, term and sale state (owner). Audited.
import { adminProductPricingContract, adminProductUpdateContract } from '../../src/lib/api/admin/products.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { updateProductPricing, updateProductText } from '../../src/server/services/admin-products';

export default defineHandlers(
  defineHandler(adminProductUpdateContract, ({ params, body, staff, requestId }) => withDb((db) => updateProductText(db, params.id, body, { email: staff.email, requestId }))),
  defineHandler(adminProductPricingContract, ({ params, body, staff, requestId }) => withDb((db) => updateProductPricing(db, params.id, body, { email: staff.email, requestId }))),
);

export const path = '/api/admin/products/:id';
