/**
 * The review form on /leave-review (hydrated when it scrolls into view). At /leave-review/{token}
 * (the same static page, served by a rewrite) it asks for the request's pre-fill: the customer's name
 * and the job's service; an unknown or used link leaves the open form with a plain sentence. Stars
 * are a native radio group (arrow keys move, Space chooses), then title, text, service, name, an
 * optional email, up to three photos and the consent to publish (unticked). Sent as multipart with
 * an idempotency key, the spam trap and the time the form opened, like the other forms.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, apiRequest, callContract } from '../../lib/api/client';
import { leaveReviewContract, maxReviewPhotoBytes, maxReviewPhotos, reviewFormSchema, reviewPhotoFields, reviewRequestLookupContract, reviewTextMaxLength, reviewTitleMaxLength } from '../../lib/api/leave-review.contract';
import { idempotencyKeyHeader } from '../../lib/api/lead-fields';
import { FieldError, MessageField, SelectField, SpamTrap, TextField, inputClass } from '../shared/FormFields';
import { failureText, submissionFor, type PendingSubmission } from '../shared/lead-submission';

interface Choice { id: string; label: string }
type Fields = 'rating' | 'title' | 'text' | 'service' | 'name' | 'email' | 'consent' | 'photos';

const starPath = 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1Z';
const tokenInPath = /^\/leave-review\/([A-Za-z0-9_-]{40,64})\/?$/;

/** The token of /leave-review/{token}, or undefined on the open page (or for a malformed link). */
function tokenFromLocation(): { token?: string; malformed: boolean } {
  const path = window.location.pathname;
  if (!path.startsWith('/leave-review/') || path === '/leave-review/') return { malformed: false };
  const match = tokenInPath.exec(path);
  return match ? { token: match[1]!, malformed: false } : { malformed: true };
}

const linkProblem = 'This review link has already been used or is not one we know, so the form below is the open one. You are still welcome to leave a review.';

function StarRating({ value, onChange, error }: { value: string; onChange(value: string): void; error?: string | undefined }) {
  return (
    <fieldset aria-describedby={error ? 'review-rating-error' : undefined}>
      <legend className="font-semibold">Your rating</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer rounded-md p-1 text-star has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700">
            <input type="radio" name="rating" value={String(n)} checked={value === String(n)} onChange={() => onChange(String(n))} className="sr-only" aria-invalid={error ? true : undefined} />
            <svg viewBox="0 0 24 24" className="h-9 w-9" aria-hidden="true" focusable="false" fill={Number(value) >= n ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round">
              <path d={starPath} />
            </svg>
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </div>
      <p className="mt-1 text-sm text-muted" aria-live="polite">{value ? `${value} of 5 stars chosen.` : 'No stars chosen yet.'}</p>
      <FieldError id="review-rating" error={error} />
    </fieldset>
  );
}

export default function LeaveReviewForm({ services }: { services: Choice[] }) {
  const [values, setValues] = useState({ rating: '', title: '', text: '', service: '', name: '', email: '', website: '' });
  const [consent, setConsent] = useState(false);
  const [token, setToken] = useState<string | undefined>();
  const [greeting, setGreeting] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [state, setState] = useState<{ status: 'idle' | 'sending' | 'sent' | 'failed'; message: string }>({ status: 'idle', message: '' });
  const started = useRef(Date.now());
  const pending = useRef<PendingSubmission | null>(null);
  const photosInput = useRef<HTMLInputElement>(null);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  useEffect(() => {
    const found = tokenFromLocation();
    if (found.malformed) { setGreeting(linkProblem); return; }
    if (!found.token) return;
    callContract(reviewRequestLookupContract, { token: found.token })
      .then((answer) => {
        if (!answer.found) { setGreeting(linkProblem); return; }
        setToken(found.token);
        setGreeting(`Thank you for choosing us, ${answer.name}. Tell us how the visit went, good or bad.`);
        setValues((v) => ({ ...v, name: v.name || answer.name, service: v.service || (answer.service ?? '') }));
      })
      .catch(() => setGreeting('We could not read your review link just now, but the form below works: your review reaches us all the same.'));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const files = [...(photosInput.current?.files ?? [])];
    const checked = reviewFormSchema.safeParse({ ...values, title: values.title || undefined, consent: consent ? 'yes' : undefined, formStartTime: String(started.current) });
    const found: Partial<Record<Fields, string>> = {};
    if (!checked.success) for (const issue of checked.error.issues) found[issue.path[0] as Fields] ??= issue.message;
    if (files.length > maxReviewPhotos) found.photos = `Choose at most ${maxReviewPhotos} photos.`;
    else if (files.some((f) => f.size > maxReviewPhotoBytes)) found.photos = 'Use photos of at most 6 MB each.';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setState({ status: 'failed', message: 'Please check the fields marked below.' });
      return;
    }
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) if (key !== 'title' || value) form.set(key, value);
    if (consent) form.set('consent', 'yes');
    if (token) form.set('token', token);
    form.set('formStartTime', String(started.current));
    files.forEach((file, i) => form.set(reviewPhotoFields[i]!, file));
    const fingerprint = JSON.stringify([values, consent, token, files.map((f) => [f.name, f.size])]);
    pending.current = submissionFor(pending.current, fingerprint);
    setState({ status: 'sending', message: 'Sending your review…' });
    try {
      await apiRequest(leaveReviewContract.method, leaveReviewContract.path, form, { [idempotencyKeyHeader]: pending.current.key });
      setState({ status: 'sent', message: consent ? 'Thank you. We received your review; our staff read every review before it appears on the site.' : 'Thank you. We received your review; as you asked, only our staff will read it.' });
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = error.fields as Record<string, string>;
        const photoError = reviewPhotoFields.map((f) => fields[f]).find(Boolean);
        setErrors({ ...(fields as Partial<Record<Fields, string>>), ...(photoError ? { photos: photoError } : {}) });
      }
      setState({ status: 'failed', message: failureText(error) });
    }
  };

  if (state.status === 'sent') return <p role="status" className="card mt-4 p-5 font-semibold">{state.message}</p>;
  return (
    <>
      <p role="status" className={greeting ? 'mt-4 rounded-md bg-surface p-4 font-semibold' : 'sr-only'}>{greeting}</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="relative mt-4 space-y-4" aria-label="Your review">
        <StarRating value={values.rating} onChange={set('rating')} error={errors.rating} />
        <TextField id="review-title" label="Title (optional)" value={values.title} onChange={set('title')} error={errors.title} maxLength={reviewTitleMaxLength} />
        <MessageField id="review-text" label="Your review" hint="What we did, and how it went." value={values.text} onChange={set('text')} error={errors.text} maxLength={reviewTextMaxLength} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField id="review-service" label="What we did" required placeholder="Choose the service" value={values.service} onChange={set('service')} error={errors.service}>
            {services.map((s) => <option key={s.id} value={s.id}>{s.label}</option>)}
          </SelectField>
          <TextField id="review-name" label="Your name, as it should appear" required value={values.name} onChange={set('name')} error={errors.name} autoComplete="name" maxLength={100} />
        </div>
        <TextField id="review-email" label="Email (optional, never published)" type="email" value={values.email} onChange={set('email')} error={errors.email} autoComplete="email" inputMode="email" maxLength={254} />
        <div>
          <label htmlFor="review-photos" className="block font-semibold">Photos (optional)</label>
          <input ref={photosInput} id="review-photos" type="file" multiple accept="image/jpeg,image/png,image/webp,image/heic" className={inputClass} aria-invalid={errors.photos ? true : undefined} aria-describedby={`review-photos-hint${errors.photos ? ' review-photos-error' : ''}`} />
          <p id="review-photos-hint" className="mt-1 text-sm text-muted">Up to {maxReviewPhotos} photos, at most 6 MB each.</p>
          <FieldError id="review-photos" error={errors.photos} />
        </div>
        <div>
          <label className="flex items-start gap-3">
            <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} className="mt-1 h-5 w-5 shrink-0" />
            <span>Economy Plumbing Services may publish my review, my name and my photos on this website. (Leave it empty and only our staff read your review.)</span>
          </label>
          <FieldError id="review-consent" error={errors.consent} />
        </div>
        <SpamTrap id="review-website" value={values.website} onChange={set('website')} />
        <button type="submit" className="btn btn-primary px-5" disabled={state.status === 'sending'}>Send my review</button>
        <p role={state.status === 'failed' ? 'alert' : 'status'} className={state.status === 'failed' ? 'font-semibold text-call-700' : 'text-sm'}>{state.message}</p>
      </form>
    </>
  );
}
