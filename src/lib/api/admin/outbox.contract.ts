/** The email outbox (staff): pending, sent and dead messages, and resending a dead one. */
import { z } from 'zod';
import { defineContract } from '../contract';

export const outboxStatuses = ['pending', 'sent', 'dead'] as const;

const outboxRow = z.object({
  id: z.number().int(),
  topic: z.string(),
  leadId: z.number().int().nullable(),
  subject: z.string(),
  status: z.enum(outboxStatuses),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxRow = z.output<typeof outboxRow>;

export const adminOutboxContract = defineContract({
  path: '/api/admin/outbox',
  method: 'GET',
  access: 'staff',
  query: z.strictObject({
    status: z.enum([...outboxStatuses, 'all']).default('all'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(10).max(100).default(25),
  }),
  response: z.object({ rows: z.array(outboxRow), total: z.number().int(), counts: z.record(z.enum(outboxStatuses), z.number().int()), page: z.number().int(), pageSize: z.number().int() }),
});

export const adminOutboxResendContract = defineContract({
  path: '/api/admin/outbox/:id/resend',
  method: 'POST',
  access: 'staff',
  params: z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
  request: z.strictObject({}),
  response: outboxRow,
});
