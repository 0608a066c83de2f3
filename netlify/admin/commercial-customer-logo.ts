// GET /api/admin/commercial-customers/logos/:id: a stored logo as JPEG, for the admin screen.
import { adminCommercialCustomerLogoContract } from '../../src/lib/api/admin/commercial-customers.contract';
import { defineHandler } from '../../src/server/http/handler';
import { HttpError } from '../../src/server/http/response';
import { loadCustomerLogo } from '../../src/server/services/admin-commercial-customers';

export default defineHandler(adminCommercialCustomerLogoContract, async ({ params }) => {
  const bytes = await loadCustomerLogo(params.id);
  if (!bytes) throw new HttpError(404, 'There is no logo at this address. Upload it again.');
  return new Response(bytes, {
    headers: { 'Content-Type': 'image/jpeg', 'Content-Length': String(bytes.byteLength), 'Cache-Control': 'private, max-age=3600', 'Cross-Origin-Resource-Policy': 'same-origin' },
  });
});

export const path = '/api/admin/commercial-customers/logos/:id';
