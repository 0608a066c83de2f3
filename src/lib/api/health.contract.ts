/** GET /api/health: whether the database answers, which kind it is, and how many migrations it has. */
import { z } from 'zod';
import { defineContract } from './contract';

export const databaseKinds = ['pglite', 'postgres', 'neon'] as const;
export type DatabaseKind = (typeof databaseKinds)[number];

export const healthContract = defineContract({
  path: '/api/health',
  method: 'GET',
  response: z.strictObject({
    ok: z.boolean(),
    db: z.enum(databaseKinds),
    migrations: z.number().int().nonnegative(),
  }),
});
