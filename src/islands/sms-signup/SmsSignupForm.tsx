/**
 * The /sms-signup form (hydrated when it scrolls into view): name, mobile number and the consent box,
 * unchecked until the person ticks it, labelled with the disclosure from lib/sms/program.ts. It sends
 * that disclosure's version, so the server keeps the exact words shown; an idempotency key, the spam
 * trap and the time the form opened, like the estimate form.
 */
import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api/client';
import { smsSignupContract, smsSignupRequestSchema } from '../../lib/api/sms.contract';
import { currentSmsDisclosure } from '../../lib/sms/program';
import { FieldError, SpamTrap, TextField } from '../shared/FormFields';
import { failureText, sendLead, submissionFor, type PendingSubmission } from '../shared/lead-submission';

type Field = 'name' | 'phone' | 'consent';
const order: readonly Field[] = ['name', 'phone', 'consent'];
const id = (field: Field | 'website') => `sms-signup-${field}`;

export default function SmsSignupForm() {
  const [values, setValues] = useState({ name: '', phone: '', website: '' });
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [state, setState] = useState<{ status: 'idle' | 'sending' | 'sent' | 'failed'; message: string }>({ status: 'idle', message: '' });
  const started = useRef(Date.now());
  const pending = useRef<PendingSubmission | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const payload = { ...values, consent: consent || undefined, disclosureVersion: currentSmsDisclosure.version, formStartTime: started.current };
    const checked = smsSignupRequestSchema.safeParse(payload);
    const found: Partial<Record<Field, string>> = {};
    if (!checked.success) for (const issue of checked.error.issues) found[issue.path[0] as Field] ??= issue.message;
    setErrors(found);
    const first = order.find((f) => found[f]);
    if (first || !checked.success) {
      setState({ status: 'failed', message: first === 'consent' && Object.keys(found).length === 1 ? 'We can text you only after you tick the consent box.' : 'Please check the fields marked below.' });
      if (first) formRef.current?.querySelector<HTMLElement>(`#${id(first)}`)?.focus();
      return;
    }
    pending.current = submissionFor(pending.current, JSON.stringify(payload, (k, v) => (k === 'formStartTime' ? undefined : v)));
    setState({ status: 'sending', message: 'Sending…' });
    try {
      await sendLead(smsSignupContract, checked.data, pending.current.key);
      setState({ status: 'sent', message: `Thank you. You are signed up: we just texted ${values.phone.trim()} to confirm. Reply STOP to any of our texts to cancel, or HELP for help.` });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields as Partial<Record<Field, string>>);
      setState({ status: 'failed', message: failureText(error) });
    }
  };

  if (state.status === 'sent') return <p role="status" className="rounded-lg bg-brand-50 p-4 font-semibold text-brand-900" data-sms-signup-sent>{state.message}</p>;
  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="relative space-y-4" data-sms-signup-form>
      <TextField id={id('name')} label="Your name" value={values.name} onChange={set('name')} error={errors.name} autoComplete="name" maxLength={100} required />
      <TextField id={id('phone')} label="Mobile number" type="tel" inputMode="tel" value={values.phone} onChange={set('phone')} error={errors.phone} autoComplete="tel-national" maxLength={30} required describedBy={`${id('phone')}-hint`} />
      <p id={`${id('phone')}-hint`} className="-mt-3 text-sm text-muted">A US mobile number, with its area code.</p>
      <div>
        <div className="flex items-start gap-3">
          <input id={id('consent')} name="consent" type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} className="mt-1 h-5 w-5 shrink-0"
            aria-invalid={errors.consent ? true : undefined} aria-describedby={errors.consent ? `${id('consent')}-error` : undefined} />
          <label htmlFor={id('consent')} className="text-sm" data-disclosure={currentSmsDisclosure.version}>
            {currentSmsDisclosure.parts.map((part, i) => (part.href ? <a key={i} href={part.href} className="font-semibold underline">{part.text}</a> : <span key={i}>{part.text}</span>))}
          </label>
        </div>
        <FieldError id={id('consent')} error={errors.consent} />
      </div>
      <SpamTrap id={id('website')} value={values.website} onChange={set('website')} />
      <button type="submit" className="btn btn-primary px-5" disabled={state.status === 'sending'}>Sign up for texts</button>
      <p role={state.status === 'failed' ? 'alert' : 'status'} className={state.status === 'failed' ? 'font-semibold text-call-700' : 'text-sm'}>{state.message}</p>
    </form>
  );
}
