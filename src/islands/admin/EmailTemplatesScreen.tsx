/**
 * /admin/email-templates: every message customers receive. Choose one, edit its subject and body
 * (Liquid: {{ field }}, {% if field %}…{% endif %}) with its merge fields listed, preview it as the
 * server renders it with sample data, send yourself a test, save, or go back to the default.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { templateWordingSchema, type EmailTemplateRow } from '../../lib/api/admin/email-templates.contract';
import { ActionDialog, described, Field, fieldClass } from './AdminForm';
import { $focusEditor, $preview, $selectedKey, $templateNotice, $templates, loadTemplates, previewTemplate, revertTemplate, saveTemplate, selectTemplate, sendTest, type Problem, type Wording } from './email-templates.store';
import { $staff, loadStaff } from './session.store';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Chicago' });

function Editor({ template }: { template: EmailTemplateRow }) {
  const id = useId();
  const preview = useStore($preview);
  const notice = useStore($templateNotice);
  const { register, handleSubmit, reset, setError, formState: { errors, isSubmitting } } = useForm<Wording>({ resolver: zodResolver(templateWordingSchema), defaultValues: { subject: template.subject, body: template.body } });
  useEffect(() => reset({ subject: template.subject, body: template.body }), [template.key, template.subject, template.body, reset]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if ($focusEditor.get()) heading.current?.focus();
    $focusEditor.set(false);
  }, [template.key]);

  const show = (problem: Problem) => {
    for (const [name, message] of Object.entries(problem?.fields ?? {})) if (name === 'subject' || name === 'body') setError(name, { message });
  };
  const onSave = handleSubmit(async (wording) => show(await saveTemplate(template.key, wording)));
  const onPreview = handleSubmit(async (wording) => show(await previewTemplate(template.key, wording)));
  const onTest = handleSubmit(async (wording) => show(await sendTest(template.key, wording)));

  return (
    <section aria-labelledby={`${id}-heading`} className="card space-y-4 p-5">
      <div>
        <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="text-xl font-extrabold">{template.name}</h2>
        <p className="text-sm text-muted">{template.when} Category: {template.categoryLabel}.{template.customised && template.updatedBy ? ` Changed by ${template.updatedBy}, ${dateTime.format(new Date(template.updatedAt!))}.` : ' Default wording.'}</p>
      </div>
      <form onSubmit={onSave} noValidate className="space-y-4">
        <Field id={`${id}-subject`} label="Subject" error={errors.subject}>
          <input id={`${id}-subject`} {...register('subject')} className={fieldClass} {...described(`${id}-subject`, errors.subject)} />
        </Field>
        <Field id={`${id}-body`} label="Body" error={errors.body} hint="Plain text: a blank line starts a new paragraph, and web addresses become links. The layout adds our address and the preferences and unsubscribe links.">
          <textarea id={`${id}-body`} rows={16} {...register('body')} className={`${fieldClass} font-mono text-sm`} {...described(`${id}-body`, errors.body, true)} />
        </Field>
        <details className="rounded-md border border-line p-3" open>
          <summary className="cursor-pointer font-bold">Merge fields you can use</summary>
          <p className="mt-1 text-sm text-muted">Write a field as {'{{ first_name }}'}; show a part only when a field has a value with {'{% if google_link %}…{% endif %}'}. Any other name is refused when you save.</p>
          <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {[...template.fields, ...template.commonFields].map((f) => (
              <div key={f.name} className="contents">
                <dt><code className="rounded bg-surface px-1 font-semibold break-all">{`{{ ${f.name} }}`}</code></dt>
                <dd className="mb-1 text-muted">{f.description} <span className="break-all">Sample: {f.sample}</span></dd>
              </div>
            ))}
          </dl>
        </details>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary px-4" disabled={isSubmitting}>Save</button>
          <button type="button" className="btn btn-outline px-4" disabled={isSubmitting} onClick={() => void onPreview()}>Preview</button>
          <button type="button" className="btn btn-outline px-4" disabled={isSubmitting} onClick={() => void onTest()}>Send me a test</button>
          {template.customised && (
            <ActionDialog trigger="Revert to default" label={`Revert ${template.name} to its default wording`} title={`Revert "${template.name}"?`} description="Staff's wording is deleted and the default wording is used from now on. The change is recorded in the audit log.">
              {(close) => (
                <button type="button" className="btn btn-primary px-4" onClick={() => void revertTemplate(template.key).then((problem) => { if (!problem) { reset({ subject: template.defaultSubject, body: template.defaultBody }); close(); } })}>Revert to default</button>
              )}
            </ActionDialog>
          )}
        </div>
        <p role={notice.tone === 'error' ? 'alert' : 'status'} className={notice.tone === 'error' ? 'text-sm font-semibold text-red-700' : 'text-sm'}>{notice.text}</p>
      </form>
      {preview.status === 'ready' && (
        <section aria-labelledby={`${id}-preview`} className="space-y-2">
          <h3 id={`${id}-preview`} className="text-lg font-bold">Preview with sample data</h3>
          <p><span className="font-bold">Subject:</span> <span data-preview-subject>{preview.subject}</span></p>
          {/* The server escapes every value; the sandbox keeps the email's markup away from the admin page anyway. */}
          <iframe title={`Preview of ${template.name}`} sandbox="" srcDoc={preview.html} className="h-[40rem] w-full rounded-md border border-line bg-white" />
          <details>
            <summary className="cursor-pointer font-bold">Plain-text version</summary>
            <pre className="mt-1 max-h-96 overflow-auto rounded bg-surface p-2 text-xs whitespace-pre-wrap" tabIndex={0}>{preview.text}</pre>
          </details>
        </section>
      )}
      {preview.status === 'loading' && <p aria-busy="true">Rendering the preview…</p>}
    </section>
  );
}

export default function EmailTemplatesScreen() {
  const staff = useStore($staff);
  const templates = useStore($templates);
  const selectedKey = useStore($selectedKey);
  const id = useId();
  useEffect(() => {
    void loadStaff().then(() => ($staff.get().status === 'signed-in' ? loadTemplates() : undefined));
  }, []);

  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  if (templates.status === 'error') return <p role="alert">{templates.message}</p>;
  if (templates.status === 'loading') return <p aria-busy="true">Loading the templates…</p>;
  const selected = templates.rows.find((t) => t.key === selectedKey) ?? templates.rows[0];
  return (
    <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <nav aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} className="text-lg font-extrabold">Templates</h2>
        <ul className="mt-2 space-y-1">
          {templates.rows.map((t) => (
            <li key={t.key}>
              <button type="button" onClick={() => selectTemplate(t.key)} aria-current={t.key === selected?.key ? 'true' : undefined}
                className={`w-full rounded-md border px-3 py-2 text-left ${t.key === selected?.key ? 'border-brand-700 bg-brand-50 font-bold' : 'border-line bg-white hover:bg-surface'}`}>
                <span className="block">{t.name}</span>
                <span className="block text-xs text-muted">{t.customised ? 'Customised' : 'Default'} · {t.categoryLabel}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {selected && <Editor key={selected.key} template={selected} />}
    </div>
  );
}
