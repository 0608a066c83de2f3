/** The lead and booking inbox: list, one lead, and a status or notes change (staff only). */
import { z } from 'zod';
import { defineContract } from '../contract';

export const leadStatuses = ['new', 'contacted', 'scheduled', 'won', 'lost', 'spam'] as const;
export const leadStatusLabels: Record<(typeof leadStatuses)[number], string> = {
  new: 'New', contacted: 'Contacted', scheduled: 'Scheduled', won: 'Won', lost: 'Lost', spam: 'Spam',
};
export const leadSortColumns = ['created_at', 'name', 'status', 'kind'] as const;

const leadSummary = z.object({
  id: z.number().int(),
  reference: z.string(),
  kind: z.enum(['estimate', 'booking']),
  status: z.enum(leadStatuses),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  service: z.string().nullable(),
  pageContext: z.string(),
  /** The tracking channel the visitor came from (traffic_source cookie); null: direct or unknown. */
  trafficSource: z.string().nullable(),
  createdAt: z.string(),
  isDemo: z.boolean(),
});
export type LeadSummary = z.output<typeof leadSummary>;

export const adminLeadListContract = defineContract({
  path: '/api/admin/leads',
  method: 'GET',
  access: 'staff',
  query: z.strictObject({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(5).max(100).default(25),
    sort: z.enum(leadSortColumns).default('created_at'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    q: z.string().trim().max(100).optional(),
    status: z.enum([...leadStatuses, 'open', 'all']).default('open'),
    kind: z.enum(['estimate', 'booking', 'all']).default('all'),
  }),
  response: z.object({ rows: z.array(leadSummary), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});

const auditEntry = z.object({ at: z.string(), actor: z.string(), action: z.string(), before: z.unknown(), after: z.unknown() });

export const leadDetailSchema = leadSummary.extend({
  location: z.string().nullable(),
  urgency: z.string().nullable(),
  message: z.string().nullable(),
  zip: z.string().nullable(),
  preferredDate: z.string().nullable(),
  arrivalWindow: z.string().nullable(),
  officeId: z.string().nullable(),
  spamReason: z.string().nullable(),
  notes: z.string().nullable(),
  statusChangedAt: z.string().nullable(),
  statusChangedBy: z.string().nullable(),
  history: z.array(auditEntry),
});
export type LeadDetail = z.output<typeof leadDetailSchema>;

const leadIdParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const adminLeadContract = defineContract({
  path: '/api/admin/leads/:id',
  method: 'GET',
  access: 'staff',
  params: leadIdParams,
  response: leadDetailSchema,
});

export const adminLeadUpdateContract = defineContract({
  path: '/api/admin/leads/:id',
  method: 'PATCH',
  access: 'staff',
  params: leadIdParams,
  request: z
    .strictObject({
      status: z.enum(leadStatuses).optional(),
      notes: z.string().max(5000, 'Notes have at most 5,000 characters.').nullable().optional(),
    })
    .refine((v) => v.status !== undefined || v.notes !== undefined, { message: 'Send a status or notes to change.' }),
  response: leadDetailSchema,
});

/** GET /api/admin/leads.csv: the filtered list as CSV (up to 5,000 rows), same filters as the list. */
export const adminLeadCsvContract = defineContract({
  path: '/api/admin/leads.csv',
  method: 'GET',
  access: 'staff',
  query: adminLeadListContract.query.omit({ page: true, pageSize: true }),
  response: z.string(),
});

/** GET /api/admin/overview: what needs a person now, and the last 30 days. */
export const adminOverviewContract = defineContract({
  path: '/api/admin/overview',
  method: 'GET',
  access: 'staff',
  response: z.object({
    newEstimates: z.number().int(),
    newBookings: z.number().int(),
    open: z.number().int(),
    /** Chats in the last 7 days where the visitor asked for a person (or the assistant handed off). */
    chatHandoffs: z.number().int(),
    /** Emails that failed every attempt and wait for a person. */
    deadEmails: z.number().int(),
    /** Missing paths first asked for in the last 7 days. */
    newNotFound: z.number().int(),
    last30Days: z.object({
      estimates: z.number().int(), bookings: z.number().int(), spam: z.number().int(), won: z.number().int(),
      chats: z.number().int(), ratedChats: z.number().int(), averageRating: z.number().nullable(),
    }),
    /** One entry per day of the last 30 (America/Chicago dates, oldest first). */
    byDay: z.array(z.object({ date: z.string(), leads: z.number().int(), chats: z.number().int() })),
    /** Requests by tracking channel; null is direct or unknown. */
    bySource: z.array(z.object({ source: z.string().nullable(), count: z.number().int() })),
    byPage: z.array(z.object({ pageContext: z.string(), count: z.number().int() })),
    recent: z.array(leadSummary),
  }),
});
