// POST /api/admin/commercial-customers/logos: a logo, checked, re-encoded and stored; answers its id and size.
import { adminCommercialCustomerLogoUploadContract, customerLogoUploadForm } from '../../src/lib/api/admin/commercial-customers.contract';
import { defineHandler } from '../../src/server/http/handler';
import { storeCustomerLogo } from '../../src/server/services/admin-commercial-customers';

export default defineHandler({ ...adminCommercialCustomerLogoUploadContract, request: customerLogoUploadForm }, ({ body }) => storeCustomerLogo(body.logo));

export const path = '/api/admin/commercial-customers/logos';
