/**
 * /admin/referrals: every referral with its status and flags, a staff decision on one (approve, or
 * mark ineligible with a reason; audited), and the program's ledger: credits issued and clicks,
 * referrals and conversions per code.
 */
import { z } from 'zod';
import { referralFlags, referralStatuses } from '../../referrals';
import { defineContract } from '../contract';
import { typedText } from '../lead-fields';

export const referralSorts = ['created_at', 'status', 'referrer', 'friend'] as const;

const referralParams = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });
const iso = z.string();

export const referralRow = z.object({
  id: z.string(),
  createdAt: iso,
  source: z.enum(['offer', 'refer-a-friend']),
  status: z.enum(referralStatuses),
  flags: z.array(z.enum(referralFlags)),
  code: z.string().nullable(),
  referrer: z.object({ name: z.string(), customerId: z.string().nullable(), typed: z.string().nullable() }),
  friend: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string() }),
  leadReference: z.string().nullable(),
  job: z.object({ id: z.string(), totalCents: z.number().int().nullable() }).nullable(),
  creditCents: z.number().int().nullable(),
  approvedBy: z.string().nullable(),
  ineligibleReason: z.string().nullable(),
});
export type ReferralRow = z.infer<typeof referralRow>;

export const adminReferralListContract = defineContract({
  path: '/api/admin/referrals',
  method: 'GET',
  access: 'staff',
  query: z.strictObject({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(5).max(100).default(25),
    status: z.enum(referralStatuses).optional(),
    sort: z.enum(referralSorts).default('created_at'),
    dir: z.enum(['asc', 'desc']).default('desc'),
  }),
  response: z.object({ rows: z.array(referralRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});

/** Approve (a flagged referral then credits when its job is paid, or at once when it already qualified) or rule it ineligible. */
export const adminReferralReviewContract = defineContract({
  path: '/api/admin/referrals/:id/review',
  method: 'POST',
  access: 'staff',
  params: referralParams,
  request: z.strictObject({
    decision: z.enum(['approve', 'ineligible'], 'Choose approve or ineligible.'),
    reason: typedText(500, 'Use at most 500 characters for the reason.').optional(),
  }),
  response: referralRow,
});

const creditRow = z.object({
  id: z.number().int(), customer: z.string(), customerId: z.string(), referralId: z.string().nullable(), amountCents: z.number().int(), reason: z.string(),
  issuedAt: iso, expiresAt: iso, usedAt: iso.nullable(), usedNote: z.string().nullable(), createdBy: z.string(),
});
export type CreditRow = z.infer<typeof creditRow>;

/** Records that a credit was used (on which visit or invoice); a used or expired credit cannot be used again. Audited. */
export const adminReferralCreditUseContract = defineContract({
  path: '/api/admin/referrals/credits/:id/use',
  method: 'POST',
  access: 'staff',
  params: z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
  request: z.strictObject({ note: typedText(300, 'Use at most 300 characters for the note.', 'Say where the credit was used, e.g. the invoice number.').min(3, 'Say where the credit was used, e.g. the invoice number.') }),
  response: creditRow,
});

export const adminReferralLedgerContract = defineContract({
  path: '/api/admin/referrals/ledger',
  method: 'GET',
  access: 'staff',
  response: z.object({
    credits: z.array(creditRow),
    codes: z.array(z.object({ code: z.string(), customer: z.string(), customerId: z.string(), clicks: z.number().int(), referrals: z.number().int(), conversions: z.number().int() })),
  }),
});
