/**
 * The CSV import on /admin/jobs: choose a file, check how its columns map to our fields (guessed from
 * the header names), preview every row with its errors, then import: all rows in one go or none.
 */
import { useId, useState } from 'react';
import { csvJobFields, maxCsvBytes, type CsvJobField } from '../../lib/api/admin/jobs.contract';
import { formatCents } from '../../lib/api/admin/products.contract';
import { fieldClass } from './AdminForm';
import { $jobNotice, isFailure, loadJobs, sendImport, type ImportAnswer, type ImportMapping } from './jobs.store';

const actionLabel = { add: 'New job', update: 'Updates a job', unchanged: 'Already imported' } as const;

export default function JobsImport() {
  const id = useId();
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState('');
  const [mapping, setMapping] = useState<ImportMapping | undefined>();
  const [preview, setPreview] = useState<ImportAnswer | undefined>();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const check = async (text: string, chosen: ImportMapping | undefined) => {
    setBusy(true);
    const answer = await sendImport(text, 'preview', chosen);
    setBusy(false);
    if (isFailure(answer)) {
      setPreview(undefined);
      setProblem(answer.message);
      return;
    }
    setProblem('');
    setPreview(answer);
    setMapping(answer.mapping);
  };
  const choose = async (file: File | undefined) => {
    setPreview(undefined);
    setMapping(undefined);
    setProblem('');
    if (!file) return;
    if (file.size > maxCsvBytes) {
      setProblem('The file is larger than 1 MB; split it into smaller files.');
      return;
    }
    const text = await file.text();
    setCsv(text);
    setFileName(file.name);
    await check(text, undefined);
  };
  const importAll = async () => {
    setBusy(true);
    const answer = await sendImport(csv, 'import', mapping);
    setBusy(false);
    if (isFailure(answer)) {
      setProblem(answer.message + (Object.keys(answer.fields).length ? ` ${Object.entries(answer.fields).map(([k, v]) => `${k}: ${v}`).join(' ')}` : ''));
      return;
    }
    const done = answer.imported!;
    const text = `Imported ${fileName}: ${done.added} new job${done.added === 1 ? '' : 's'}, ${done.updated} updated, ${done.unchanged} already there; ${done.customersAdded} new customer${done.customersAdded === 1 ? '' : 's'}.`;
    $jobNotice.set({ tone: 'info', text });
    setPreview(undefined);
    setCsv('');
    setFileName('');
    await loadJobs();
  };
  const ready = preview && preview.errors.length === 0 && !busy;

  return (
    <section aria-labelledby={`${id}-heading`} className="card p-5">
      <h2 id={`${id}-heading`} className="text-xl font-extrabold">Import jobs from a CSV file</h2>
      <p className="mt-1 text-sm text-muted">A header line, then one job per line (at most 2,000 lines, 1 MB). Customers are matched by email or phone, or added. Rows with an external id already imported update that job. Nothing is imported until every row is right.</p>
      <div className="mt-3">
        <label htmlFor={`${id}-file`} className="block font-bold">CSV file</label>
        <input id={`${id}-file`} type="file" accept=".csv,text/csv" className="mt-1 block" onChange={(e) => void choose(e.target.files?.[0])} />
      </div>
      {problem && <p role="alert" className="mt-2 font-semibold text-red-700">{problem}</p>}
      {busy && <p aria-busy="true" className="mt-2">Checking…</p>}
      {preview && (
        <div className="mt-4">
          <h3 className="font-extrabold">Columns</h3>
          <p className="text-sm text-muted">Which column of {fileName} fills each field. Change one and check again.</p>
          <div className="mt-2 grid gap-3 sm:grid-cols-3">
            {csvJobFields.map((field) => (
              <div key={field.key}>
                <label htmlFor={`${id}-map-${field.key}`} className="block text-sm font-bold">{field.label}{'required' in field && field.required ? ' (required)' : ''}</label>
                <select id={`${id}-map-${field.key}`} value={mapping?.[field.key as CsvJobField] ?? ''} onChange={(e) => setMapping({ ...mapping, [field.key]: e.target.value })} className={fieldClass}>
                  <option value="">Not imported</option>
                  {preview.columns.map((c) => <option key={c} value={c}>{c}</option>)}
                </select>
              </div>
            ))}
          </div>
          <button type="button" className="btn btn-outline mt-3 px-3" disabled={busy} onClick={() => void check(csv, mapping)}>Check again</button>

          <h3 className="mt-4 font-extrabold">Preview</h3>
          <p aria-live="polite">{preview.rowCount} row{preview.rowCount === 1 ? '' : 's'}; {preview.errors.length === 0 ? 'no errors.' : `${preview.errors.length} with errors: fix them in the file (or the columns) and check again.`}</p>
          {preview.errors.length > 0 && (
            <ul className="mt-2 space-y-1 text-sm" aria-label="Rows with errors">
              {preview.errors.slice(0, 50).map((e) => <li key={e.row} className="rounded-md bg-red-50 p-2 text-red-800"><strong>Line {e.row}:</strong> {e.messages.join(' ')}</li>)}
            </ul>
          )}
          {preview.sample.length > 0 && (
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="text-left text-sm text-muted">The first {preview.sample.length} good rows as they will be stored</caption>
                <thead><tr><th scope="col" className="px-2 py-1 text-left">Line</th><th scope="col" className="px-2 py-1 text-left">Customer</th><th scope="col" className="px-2 py-1 text-left">Service</th><th scope="col" className="px-2 py-1 text-left">Completed</th><th scope="col" className="px-2 py-1 text-left">Total</th><th scope="col" className="px-2 py-1 text-left">Result</th></tr></thead>
                <tbody>
                  {preview.sample.map((s) => (
                    <tr key={s.row} className="border-t border-line">
                      <td className="px-2 py-1">{s.row}</td><td className="px-2 py-1">{s.customer}</td><td className="px-2 py-1">{s.service}</td>
                      <td className="px-2 py-1">{s.completedAt ? s.completedAt.slice(0, 10) : '—'}</td><td className="px-2 py-1">{s.invoiceTotalCents === null ? '—' : formatCents(s.invoiceTotalCents)}</td><td className="px-2 py-1">{actionLabel[s.action]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <button type="button" className="btn btn-primary mt-3 px-4 disabled:cursor-not-allowed disabled:opacity-60" disabled={!ready} onClick={() => void importAll()}>Import {preview.rowCount} row{preview.rowCount === 1 ? '' : 's'}</button>
        </div>
      )}
    </section>
  );
}
