/** GET /api/admin/session: who is signed in to /admin (401 when nobody is). */
import { z } from 'zod';
import { defineContract } from '../contract';

export const staffRoles = ['owner', 'staff'] as const;

export const adminSessionSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(staffRoles),
  signedInAt: z.string(),
  expiresAt: z.string(),
});
export type AdminSession = z.output<typeof adminSessionSchema>;

export const adminSessionContract = defineContract({
  path: '/api/admin/session',
  method: 'GET',
  access: 'staff',
  response: adminSessionSchema,
});

/** POST /api/admin/session/sign-out-everywhere: ends every session of the signed-in person. */
export const signOutEverywhereContract = defineContract({
  path: '/api/admin/session/sign-out-everywhere',
  method: 'POST',
  access: 'staff',
  request: z.strictObject({}),
  response: z.object({ ended: z.number().int() }),
});
