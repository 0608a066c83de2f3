/**
 * Jobs for staff (/admin/jobs): the list one page at a time, add and edit a job, and the CSV import
 * (column mapping, a preview with each row's errors, then all rows in one transaction or none).
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { jobFields, publicIdSchema } from '../customer-fields';
import { jobView } from './customers.contract';

export const jobSorts = ['completed_at', 'customer', 'service', 'invoice_total', 'paid_at'] as const;

export const adminJobListContract = defineContract({
  path: '/api/admin/jobs',
  method: 'GET',
  access: 'staff',
  query: z.strictObject({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(5).max(100).default(25),
    sort: z.enum(jobSorts).default('completed_at'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    q: z.string().trim().max(100, 'Search with at most 100 characters.').optional(),
    customer: publicIdSchema.optional(),
  }),
  response: z.object({ rows: z.array(jobView), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});

const addressId = z.number({ error: 'Choose one of the customer\'s addresses, or none.' }).int().min(1).max(2_147_483_647).nullable();

export const jobInput = z.strictObject({ customerId: publicIdSchema, addressId, ...jobFields });
export type JobInput = z.input<typeof jobInput>;

export const adminJobCreateContract = defineContract({
  path: '/api/admin/jobs',
  method: 'POST',
  access: 'staff',
  request: jobInput,
  response: jobView,
});

export const adminJobUpdateContract = defineContract({
  path: '/api/admin/jobs/:id',
  method: 'PUT',
  access: 'staff',
  params: z.strictObject({ id: publicIdSchema }),
  request: z.strictObject({ addressId, ...jobFields }),
  response: jobView,
});

/** The fields a CSV column can fill, in the order the mapping screen shows them. */
export const csvJobFields = [
  { key: 'externalId', label: 'External id', hint: 'The job\'s id in your field-service system; importing it again updates the job instead of adding it twice.' },
  { key: 'customerName', label: 'Customer name', required: true },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone' },
  { key: 'company', label: 'Company' },
  { key: 'line1', label: 'Street address' },
  { key: 'line2', label: 'Address line 2' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'zip', label: 'ZIP' },
  { key: 'service', label: 'Service', required: true },
  { key: 'completedAt', label: 'Completed on' },
  { key: 'invoiceTotal', label: 'Invoice total ($)' },
  { key: 'paidAt', label: 'Paid on' },
  { key: 'notes', label: 'Notes' },
] as const;
export type CsvJobField = (typeof csvJobFields)[number]['key'];
const csvFieldKeys = csvJobFields.map((f) => f.key) as [CsvJobField, ...CsvJobField[]];

/** Largest CSV accepted: 1 MB of text, 2,000 rows. */
export const maxCsvBytes = 1_000_000;
export const maxCsvRows = 2000;

export const adminJobImportContract = defineContract({
  path: '/api/admin/jobs/import',
  method: 'POST',
  access: 'staff',
  maxBodyBytes: maxCsvBytes + 64 * 1024,
  request: z.strictObject({
    csv: z.string({ error: 'Choose a CSV file.' }).min(1, 'The file is empty.').max(maxCsvBytes, 'The file is larger than 1 MB; split it into smaller files.'),
    /** Field → the CSV column that fills it ('' or absent: not imported). Absent: guessed from the header names. */
    mapping: z.partialRecord(z.enum(csvFieldKeys), z.string().max(200)).optional(),
    /** `preview` checks every row and changes nothing; `import` stores them all in one transaction, or nothing. */
    mode: z.enum(['preview', 'import']),
  }),
  response: z.object({
    columns: z.array(z.string()),
    mapping: z.partialRecord(z.enum(csvFieldKeys), z.string()),
    rowCount: z.number().int(),
    /** The first rows as they would be stored. */
    sample: z.array(z.object({ row: z.number().int(), customer: z.string(), service: z.string(), completedAt: z.string().nullable(), invoiceTotalCents: z.number().int().nullable(), action: z.enum(['add', 'update', 'unchanged']) })),
    /** Each bad row: its line number in the file (the header is line 1) and what is wrong. */
    errors: z.array(z.object({ row: z.number().int(), messages: z.array(z.string()) })),
    imported: z.object({ added: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), customersAdded: z.number().int() }).nullable(),
  }),
});
