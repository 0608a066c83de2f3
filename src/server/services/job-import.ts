/**
 * The CSV import of jobs (and their customers) for /admin/jobs: the file is parsed with csv-parse,
 * its columns mapped to our fields (guessed from the header names unless staff chose), every row
 * checked, and then either a preview (nothing changes) or the import of every row in one
 * transaction: one bad row and nothing is stored. Rows with an external id already stored update
 * that job (the same content again changes nothing), so importing a file twice adds nothing twice.
 */
import { parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { csvJobFields, maxCsvRows, type adminJobImportContract, type CsvJobField } from '../../lib/api/admin/jobs.contract';
import type { RequestOf, ResponseInputOf } from '../../lib/api/contract';
import { addressFields, customerFields, jobFields, needsContact } from '../../lib/api/customer-fields';
import { fieldErrors } from '../../lib/api/validation';
import type { Database } from '../db/database';
import { HttpError } from '../http/response';
import { recordAudit } from '../repositories/audit.repository';
import { findJobsByExternalIds } from '../repositories/job.repository';
import type { Actor } from './admin-jobs';
import { incomingJobHash, recordIncomingJob, type IncomingJob } from './jobs';

type ImportRequest = RequestOf<typeof adminJobImportContract>;
type ImportAnswer = ResponseInputOf<typeof adminJobImportContract>;
type Mapping = Partial<Record<CsvJobField, string>>;

/** Header names each field is recognised by (lower case, letters and digits only). */
const synonyms: Record<CsvJobField, string[]> = {
  externalId: ['externalid', 'jobid', 'jobnumber', 'job', 'id', 'invoicenumber', 'workorder'],
  customerName: ['customername', 'customer', 'name', 'client', 'clientname', 'fullname'],
  email: ['email', 'emailaddress', 'customeremail'],
  phone: ['phone', 'phonenumber', 'mobile', 'cell', 'customerphone', 'telephone'],
  company: ['company', 'business', 'companyname'],
  line1: ['address', 'street', 'streetaddress', 'address1', 'addressline1', 'line1', 'serviceaddress'],
  line2: ['address2', 'addressline2', 'line2', 'unit', 'suite', 'apt'],
  city: ['city', 'town'],
  state: ['state', 'st', 'province'],
  zip: ['zip', 'zipcode', 'postalcode', 'postcode'],
  service: ['service', 'jobtype', 'servicetype', 'description', 'work', 'summary'],
  completedAt: ['completedat', 'completed', 'completedon', 'completiondate', 'date', 'jobdate', 'servicedate'],
  invoiceTotal: ['invoicetotal', 'total', 'amount', 'invoiceamount', 'price'],
  paidAt: ['paidat', 'paid', 'paidon', 'paymentdate', 'datepaid'],
  notes: ['notes', 'note', 'comments', 'memo'],
};
const simple = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

export function guessMapping(columns: readonly string[]): Mapping {
  const mapping: Mapping = {};
  const taken = new Set<string>();
  for (const { key } of csvJobFields) {
    const column = columns.find((c) => !taken.has(c) && synonyms[key].includes(simple(c)));
    if (column) {
      mapping[key] = column;
      taken.add(column);
    }
  }
  return mapping;
}

function parseCsv(text: string): { columns: string[]; rows: { line: number; values: string[] }[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: true, max_record_size: 20_000 }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new HttpError(400, `The file could not be read as CSV${line ? ` (near line ${line})` : ''}: check that quotes are closed and columns are separated by commas. Nothing was imported.`, { fields: { csv: 'This is not a readable CSV file.' } });
  }
  const [header, ...rest] = records;
  if (!header) throw new HttpError(400, 'The file is empty: it needs a header line and at least one row.', { fields: { csv: 'The file is empty.' } });
  const columns = header.record.map((c) => c.trim());
  if (columns.some((c) => c === '') || new Set(columns).size !== columns.length) {
    throw new HttpError(400, 'Every column in the header line needs its own name (none empty, none twice), so it can be mapped.', { fields: { csv: 'Check the header line.' } });
  }
  if (rest.length === 0) throw new HttpError(400, 'The file has a header line but no rows.', { fields: { csv: 'Add at least one row.' } });
  if (rest.length > maxCsvRows) throw new HttpError(400, `The file has ${rest.length.toLocaleString('en-US')} rows; import at most ${maxCsvRows.toLocaleString('en-US')} at a time by splitting it.`, { fields: { csv: 'Too many rows.' } });
  return { columns, rows: rest.map((r) => ({ line: r.info.lines, values: r.record })) };
}

const text = (v: string) => v;
const rowSchema = z.object({
  externalId: jobFields.externalId,
  customerName: customerFields.name,
  email: customerFields.email,
  phone: customerFields.phone,
  company: customerFields.company,
  line1: z.string().transform(text),
  line2: z.string().transform(text),
  city: z.string().transform(text),
  state: z.string().transform(text),
  zip: z.string().transform(text),
  service: jobFields.service,
  completedAt: jobFields.completedAt,
  invoiceTotal: jobFields.invoiceTotal,
  paidAt: jobFields.paidAt,
  notes: jobFields.notes,
});
const addressSchema = z.object(addressFields);
const fieldLabel = Object.fromEntries(csvJobFields.map((f) => [f.key, f.label])) as Record<CsvJobField, string>;

/** A row's values as an incoming job, or the sentences saying what is wrong with it. */
function readRow(values: string[], columns: string[], mapping: Mapping, columnCount: number): IncomingJob | string[] {
  if (values.length !== columnCount) return [`This row has ${values.length} columns; the header has ${columnCount}.`];
  const raw = Object.fromEntries(csvJobFields.map(({ key }) => {
    const column = mapping[key];
    const index = column ? columns.indexOf(column) : -1;
    return [key, index >= 0 ? values[index] ?? '' : ''];
  }));
  const noContact = 'Email or phone: a row needs one, so the customer can be matched.';
  const parsed = rowSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = Object.entries(fieldErrors(parsed.error)).map(([key, message]) => `${fieldLabel[key as CsvJobField] ?? key}: ${message}`);
    return raw.email!.trim() === '' && raw.phone!.trim() === '' ? [...problems, noContact] : problems;
  }
  const row = parsed.data;
  const problems: string[] = [];
  if (!needsContact(row)) problems.push(noContact);
  let address: IncomingJob['address'] = null;
  if ([row.line1, row.city, row.state, row.zip].some((v) => v !== '')) {
    const checked = addressSchema.safeParse({ line1: row.line1, line2: row.line2, city: row.city, state: row.state, zip: row.zip });
    if (checked.success) address = checked.data;
    else problems.push(...Object.values(fieldErrors(checked.error)).map((m) => `Address: ${m}`));
  }
  if (problems.length) return problems;
  return {
    externalId: row.externalId,
    customer: { name: row.customerName, email: row.email, phone: row.phone, company: row.company },
    address, service: row.service, completedAt: row.completedAt, invoiceTotalCents: row.invoiceTotal, paidAt: row.paidAt, notes: row.notes,
  };
}

export async function importJobs(db: Kysely<Database>, request: ImportRequest, actor: Actor): Promise<ImportAnswer> {
  const { columns, rows } = parseCsv(request.csv);
  const mapping: Mapping = request.mapping
    ? Object.fromEntries(Object.entries(request.mapping).filter(([, column]) => column !== ''))
    : guessMapping(columns);
  const unknown = Object.entries(mapping).filter(([, column]) => !columns.includes(column!));
  if (unknown.length) {
    throw new HttpError(400, `The file has no column named ${unknown.map(([, c]) => `“${c}”`).join(', ')}. Choose the columns again.`, { fields: Object.fromEntries(unknown.map(([k]) => [`mapping.${k}`, 'Choose a column of this file.'])) });
  }
  const missing = csvJobFields.filter((f) => 'required' in f && f.required && !mapping[f.key]);
  const noContact = !mapping.email && !mapping.phone;
  if (missing.length || noContact) {
    const names = [...missing.map((f) => f.label), ...(noContact ? ['Email or Phone'] : [])];
    return { columns, mapping, rowCount: rows.length, sample: [], errors: [{ row: 1, messages: [`Choose a column for ${names.join(', ')}.`] }], imported: null };
  }

  const errors: ImportAnswer['errors'] = [];
  const jobs: { line: number; job: IncomingJob }[] = [];
  const seen = new Map<string, number>();
  for (const { line, values } of rows) {
    const result = readRow(values, columns, mapping, columns.length);
    if (Array.isArray(result)) {
      errors.push({ row: line, messages: result });
      continue;
    }
    if (result.externalId) {
      const earlier = seen.get(result.externalId);
      if (earlier !== undefined) {
        errors.push({ row: line, messages: [`External id: ${result.externalId} is also on line ${earlier}; each job appears once.`] });
        continue;
      }
      seen.set(result.externalId, line);
    }
    jobs.push({ line, job: result });
  }

  const stored = new Map((await findJobsByExternalIds(db, [...seen.keys()])).map((j) => [j.external_id!, j.payload_hash]));
  const actionOf = (job: IncomingJob): 'add' | 'update' | 'unchanged' => (!job.externalId || !stored.has(job.externalId) ? 'add' : stored.get(job.externalId) === incomingJobHash(job) ? 'unchanged' : 'update');
  const sample = jobs.slice(0, 10).map(({ line, job }) => ({
    row: line, customer: job.customer.name, service: job.service, completedAt: job.completedAt?.toISOString() ?? null, invoiceTotalCents: job.invoiceTotalCents, action: actionOf(job),
  }));
  const answer = { columns, mapping, rowCount: rows.length, sample, errors, imported: null };
  if (request.mode === 'preview') return answer;
  if (errors.length) {
    const shown = errors.slice(0, 10);
    throw new HttpError(400, `${errors.length === 1 ? 'One row has' : `${errors.length} rows have`} errors, so nothing was imported: fix ${errors.length === 1 ? 'it' : 'them'} and import the file again.`, {
      fields: Object.fromEntries(shown.map((e) => [`row ${e.row}`, e.messages.join(' ')])),
    });
  }

  const imported = await db.transaction().execute(async (trx) => {
    const counts = { added: 0, updated: 0, unchanged: 0, customersAdded: 0 };
    const ids: string[] = [];
    for (const { line, job } of jobs) {
      let recorded;
      try {
        recorded = await recordIncomingJob(trx, job, 'csv');
      } catch (error) {
        throw new HttpError(400, `Line ${line} could not be stored (${error instanceof Error ? error.message.slice(0, 200) : 'unknown reason'}), so nothing was imported.`, { fields: { [`row ${line}`]: 'This row could not be stored.' } });
      }
      counts[recorded.outcome === 'created' ? 'added' : recorded.outcome] += 1;
      if (recorded.customerCreated) counts.customersAdded += 1;
      if (recorded.outcome !== 'unchanged') ids.push(recorded.job.public_id);
    }
    await recordAudit(trx, { actor: actor.email, action: 'job.import', entity: 'job-import', entityId: actor.requestId, after: { rows: rows.length, ...counts, mapping, jobs: ids.slice(0, 500) }, requestId: actor.requestId });
    return counts;
  });
  return { ...answer, imported };
}
