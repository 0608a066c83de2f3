// /api/auth/*: Better Auth (staff sign-in by emailed code or link, Google when configured, sign-out).
import { createAuth } from '../../src/server/auth/auth';
import { serveBetterAuth } from '../../src/server/auth/serve-better-auth';
import { assertSecrets } from '../../src/server/config';

assertSecrets(['AUTH_SECRET']);

export default serveBetterAuth(createAuth);

export const config = { path: '/api/auth/*' };
