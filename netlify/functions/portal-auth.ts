// /api/portal/auth/*: Better Auth for customers (emailed code or link, known customers only, sign-out).
import { createCustomerAuth } from '../../src/server/auth/customer-auth';
import { serveBetterAuth } from '../../src/server/auth/serve-better-auth';
import { assertSecrets } from '../../src/server/config';

assertSecrets(['AUTH_SECRET']);

export default serveBetterAuth(createCustomerAuth);

export const config = { path: '/api/portal/auth/*' };
