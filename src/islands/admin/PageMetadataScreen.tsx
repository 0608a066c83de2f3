/**
 * /admin/page-metadata: the title, description and canonical address of any page, overriding what
 * the page was built with. Length hints and a search-result preview beside the fields; a change
 * reaches visitors within five minutes (the API's cache) and is built into the page at the next publish.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminPageMetadataDeleteContract, adminPageMetadataListContract, adminPageMetadataSaveContract, descriptionHint, titleHint, type PageMetadataView } from '../../lib/api/admin/page-metadata.contract';
import { callContract } from '../../lib/api/client';
import { $staff, handleAdminError, loadStaff } from './session.store';

type FormInput = z.input<typeof adminPageMetadataSaveContract.request>;
const empty: FormInput = { path: '', title: '', description: '', canonical: '' };

const $overrides = atom<{ status: 'loading' | 'ready' | 'error'; rows: PageMetadataView[]; message: string }>({ status: 'loading', rows: [], message: '' });
const $notice = atom<{ tone: 'info' | 'error'; text: string }>({ tone: 'info', text: '' });

async function load(): Promise<void> {
  try {
    $overrides.set({ status: 'ready', rows: (await callContract(adminPageMetadataListContract, undefined)).overrides, message: '' });
  } catch (error) {
    $overrides.set({ status: 'error', rows: [], message: handleAdminError(error) });
  }
}

function Counter({ value, hint, id }: { value: string; hint: number; id: string }) {
  const over = value.length > hint;
  return <p id={id} className={over ? 'mt-1 text-sm font-semibold text-red-700' : 'mt-1 text-sm text-muted'}>{value.length}/{hint} characters{over ? ': search results will likely cut it short' : ''}</p>;
}

export default function PageMetadataScreen() {
  const staff = useStore($staff);
  const overrides = useStore($overrides);
  const notice = useStore($notice);
  const id = useId();
  const { register, handleSubmit, reset, watch, setFocus, formState: { errors, isSubmitting } } = useForm<FormInput>({ resolver: zodResolver(adminPageMetadataSaveContract.request), defaultValues: empty });
  useEffect(() => {
    void loadStaff().then(() => ($staff.get().status === 'signed-in' ? load() : undefined));
  }, []);
  const [path, title, description] = [watch('path') ?? '', watch('title') ?? '', watch('description') ?? ''];

  const onSave = handleSubmit(async (values) => {
    try {
      const saved = await callContract(adminPageMetadataSaveContract, values);
      $notice.set({ tone: 'info', text: `Saved for ${saved.path}. Visitors see it within five minutes; the page itself carries it after the next publish.` });
      await load();
    } catch (error) {
      $notice.set({ tone: 'error', text: handleAdminError(error) });
    }
  });
  const remove = async (row: PageMetadataView) => {
    if (!window.confirm(`Delete the override for ${row.path}? The page goes back to its own title and description.`)) return;
    try {
      await callContract(adminPageMetadataDeleteContract, { path: row.path });
      $notice.set({ tone: 'info', text: `The override for ${row.path} was deleted.` });
      reset(empty);
      await load();
    } catch (error) {
      $notice.set({ tone: 'error', text: handleAdminError(error) });
    }
  };
  const edit = (row: PageMetadataView) => {
    reset({ path: row.path, title: row.title ?? '', description: row.description ?? '', canonical: row.canonical ?? '' });
    setFocus('title');
  };

  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  const field = 'mt-1 w-full rounded-md border border-line px-3 py-2';
  // A rule across fields (fill at least one) is reported on the form, not on a field.
  const formError = errors.root ?? (errors as Record<string, { message?: string } | undefined>)[''];
  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <form onSubmit={onSave} noValidate className="card space-y-4 p-5" aria-labelledby={`${id}-form`}>
        <h2 id={`${id}-form`} className="text-xl font-extrabold">Add or change an override</h2>
        <div>
          <label htmlFor={`${id}-path`} className="block font-bold">Page path</label>
          <input id={`${id}-path`} {...register('path')} placeholder="/drain-cleaning" aria-invalid={errors.path ? true : undefined} aria-describedby={errors.path ? `${id}-path-error` : undefined} className={field} />
          {errors.path && <p id={`${id}-path-error`} className="mt-1 text-sm font-semibold text-red-700">{errors.path.message}</p>}
        </div>
        <div>
          <label htmlFor={`${id}-title`} className="block font-bold">Title</label>
          <input id={`${id}-title`} {...register('title')} aria-invalid={errors.title ? true : undefined} aria-describedby={`${id}-title-count`} className={field} />
          <Counter value={title ?? ''} hint={titleHint} id={`${id}-title-count`} />
          {errors.title && <p className="text-sm font-semibold text-red-700">{errors.title.message}</p>}
        </div>
        <div>
          <label htmlFor={`${id}-description`} className="block font-bold">Description</label>
          <textarea id={`${id}-description`} rows={3} {...register('description')} aria-invalid={errors.description ? true : undefined} aria-describedby={`${id}-description-count`} className={field} />
          <Counter value={description ?? ''} hint={descriptionHint} id={`${id}-description-count`} />
          {errors.description && <p className="text-sm font-semibold text-red-700">{errors.description.message}</p>}
        </div>
        <div>
          <label htmlFor={`${id}-canonical`} className="block font-bold">Canonical address (optional)</label>
          <input id={`${id}-canonical`} {...register('canonical')} placeholder="https://www.plumbersthatcare.com/drain-cleaning" aria-invalid={errors.canonical ? true : undefined} aria-describedby={errors.canonical ? `${id}-canonical-error` : undefined} className={field} />
          {errors.canonical && <p id={`${id}-canonical-error`} className="mt-1 text-sm font-semibold text-red-700">{errors.canonical.message}</p>}
        </div>
        {formError?.message && <p role="alert" className="text-sm font-semibold text-red-700">{formError.message}</p>}
        <figure className="rounded-lg border border-line bg-white p-4">
          <figcaption className="text-sm font-bold text-muted">Search result preview</figcaption>
          <p className="mt-2 text-sm text-green-800">www.plumbersthatcare.com{path || '/'}</p>
          <p className="text-lg text-blue-800">{(title || 'The page’s own title').slice(0, titleHint)}{(title ?? '').length > titleHint ? '…' : ''}</p>
          <p className="text-sm text-ink">{(description || 'The page’s own description.').slice(0, descriptionHint)}{(description ?? '').length > descriptionHint ? '…' : ''}</p>
        </figure>
        <button type="submit" className="btn btn-primary px-4" disabled={isSubmitting}>Save override</button>
        <p role={notice.tone === 'error' ? 'alert' : 'status'} className={notice.tone === 'error' ? 'text-sm font-semibold text-red-700' : 'text-sm'}>{notice.text}</p>
      </form>
      <section aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} className="text-xl font-extrabold">Overrides</h2>
        {overrides.status === 'error' && <p role="alert">{overrides.message}</p>}
        {overrides.status === 'ready' && overrides.rows.length === 0 && <p className="mt-2 text-muted">No page has an override: every page uses its own title and description.</p>}
        <ul className="mt-2 space-y-2">
          {overrides.rows.map((row) => (
            <li key={row.id} className="card p-4">
              <p className="font-bold break-words">{row.path}{row.isDemo && <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs font-normal text-amber-900">demo</span>}</p>
              {row.title && <p className="text-sm break-words">Title: {row.title}</p>}
              {row.description && <p className="text-sm break-words text-muted">{row.description}</p>}
              {row.canonical && <p className="text-sm break-words">Canonical: {row.canonical}</p>}
              <div className="mt-2 flex gap-2">
                <button type="button" className="btn btn-outline px-3 text-sm" onClick={() => edit(row)}>Edit {row.path}</button>
                <button type="button" className="btn btn-outline px-3 text-sm" onClick={() => void remove(row)}>Delete {row.path}</button>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
