/**
 * The success story form on /success-stories (hydrated when it scrolls into view): name, city, the
 * service we did, the story, optional before and after photos, and the customer's consent to publish
 * them. Sent as multipart with an idempotency key (a retry with the same details is stored once),
 * the spam trap and the time the form opened, like the estimate form.
 */
import { useRef, useState, type FormEvent } from 'react';
import { ApiError, apiRequest } from '../../lib/api/client';
import { idempotencyKeyHeader } from '../../lib/api/lead-fields';
import { maxStoryPhotoBytes, storyFormSchema, storyMaxLength, storySubmitContract } from '../../lib/api/success-stories.contract';
import { FieldError, MessageField, SelectField, SpamTrap, TextField, inputClass } from '../shared/FormFields';
import { failureText, submissionFor, type PendingSubmission } from '../shared/lead-submission';

interface Choice { id: string; label: string }
type Fields = 'name' | 'city' | 'service' | 'story' | 'consent' | 'beforePhoto' | 'afterPhoto';

export default function StoryForm({ cities, services }: { cities: Choice[]; services: Choice[] }) {
  const [values, setValues] = useState({ name: '', city: '', service: '', story: '', website: '' });
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [state, setState] = useState<{ status: 'idle' | 'sending' | 'sent' | 'failed'; message: string }>({ status: 'idle', message: '' });
  const started = useRef(Date.now());
  const pending = useRef<PendingSubmission | null>(null);
  const before = useRef<HTMLInputElement>(null);
  const after = useRef<HTMLInputElement>(null);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const photos = { beforePhoto: before.current?.files?.[0], afterPhoto: after.current?.files?.[0] };
    const checked = storyFormSchema.safeParse({ ...values, consent: consent ? 'yes' : undefined, formStartTime: String(started.current), ...photos });
    const found: Partial<Record<Fields, string>> = {};
    if (!checked.success) for (const issue of checked.error.issues) found[issue.path[0] as Fields] ??= issue.message;
    for (const [key, file] of Object.entries(photos)) if (file && file.size > maxStoryPhotoBytes) found[key as Fields] = 'Use a photo of at most 6 MB.';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setState({ status: 'failed', message: 'Please check the fields marked below.' });
      return;
    }
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) form.set(key, value);
    form.set('consent', 'yes');
    form.set('formStartTime', String(started.current));
    if (photos.beforePhoto) form.set('beforePhoto', photos.beforePhoto);
    if (photos.afterPhoto) form.set('afterPhoto', photos.afterPhoto);
    const fingerprint = JSON.stringify([values.name, values.city, values.service, values.story, photos.beforePhoto?.name, photos.beforePhoto?.size, photos.afterPhoto?.name, photos.afterPhoto?.size]);
    pending.current = submissionFor(pending.current, fingerprint);
    setState({ status: 'sending', message: 'Sending your story…' });
    try {
      await apiRequest(storySubmitContract.method, storySubmitContract.path, form, { [idempotencyKeyHeader]: pending.current.key });
      setState({ status: 'sent', message: 'Thank you. We received your story; our staff read it before it appears on this page.' });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields as Partial<Record<Fields, string>>);
      setState({ status: 'failed', message: failureText(error) });
    }
  };

  if (state.status === 'sent') return <p role="status" className="card mt-4 p-5 font-semibold">{state.message}</p>;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="relative mt-4 space-y-4">
      <TextField id="story-name" label="Your name, as it should appear" required value={values.name} onChange={set('name')} error={errors.name} autoComplete="name" maxLength={100} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id="story-city" label="City" required placeholder="Choose your city" value={values.city} onChange={set('city')} error={errors.city}>
          {cities.map((c) => <option key={c.id} value={c.id}>{c.label}</option>)}
        </SelectField>
        <SelectField id="story-service" label="What we did" required placeholder="Choose the service" value={values.service} onChange={set('service')} error={errors.service}>
          {services.map((s) => <option key={s.id} value={s.id}>{s.label}</option>)}
        </SelectField>
      </div>
      <MessageField id="story-story" label="Your story" hint="What went wrong, what we did, and how it is now." value={values.story} onChange={set('story')} error={errors.story} maxLength={storyMaxLength} />
      <div className="grid gap-4 sm:grid-cols-2">
        {([['beforePhoto', 'Before photo (optional)', before], ['afterPhoto', 'After photo (optional)', after]] as const).map(([key, label, ref]) => (
          <div key={key}>
            <label htmlFor={`story-${key}`} className="block font-semibold">{label}</label>
            <input ref={ref} id={`story-${key}`} type="file" accept="image/jpeg,image/png,image/webp,image/heic" className={inputClass} aria-invalid={errors[key] ? true : undefined} aria-describedby={`story-${key}-hint${errors[key] ? ` story-${key}-error` : ''}`} />
            <p id={`story-${key}-hint`} className="mt-1 text-sm text-muted">A photo, at most 6 MB.</p>
            <FieldError id={`story-${key}`} error={errors[key]} />
          </div>
        ))}
      </div>
      <div>
        <label className="flex items-start gap-3">
          <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} className="mt-1 h-5 w-5 shrink-0" aria-invalid={errors.consent ? true : undefined} aria-describedby={errors.consent ? 'story-consent-error' : undefined} />
          <span>I agree that Economy Plumbing Services may publish my story, my name, my city and my photos on this website.</span>
        </label>
        <FieldError id="story-consent" error={errors.consent} />
      </div>
      <SpamTrap id="story-website" value={values.website} onChange={set('website')} />
      <button type="submit" className="btn btn-primary px-5" disabled={state.status === 'sending'}>Send my story</button>
      <p role={state.status === 'failed' ? 'alert' : 'status'} className={state.status === 'failed' ? 'font-semibold text-call-700' : 'text-sm'}>{state.message}</p>
    </form>
  );
}
