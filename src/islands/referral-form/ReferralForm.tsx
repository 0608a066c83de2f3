/**
 * The referral forms (hydrated when they scroll into view). `offer` on /referral-offer: the referred
 * friend's name, phone, email and consent, sent with the referral code from the page address or the
 * referral cookie. `refer` on /refer-a-friend: a customer's own details and their friend's. Both send
 * an idempotency key (a retry with the same details is stored once), the spam trap and the time the
 * form opened, like the estimate form; the server stores the friend as a lead and the referral.
 */
import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api/client';
import { referAFriendContract, referAFriendRequestSchema, referralOfferContract, referralOfferRequestSchema } from '../../lib/api/referrals.contract';
import { referralCookie } from '../../lib/referrals';
import { readCookie } from '../../lib/traffic-source';
import { FieldError, SpamTrap, TextField } from '../shared/FormFields';
import { failureText, sendLead, submissionFor, type PendingSubmission } from '../shared/lead-submission';

type Variant = 'offer' | 'refer';
const offerFields = ['name', 'phone', 'email'] as const;
const referFields = ['yourName', 'yourEmail', 'yourPhone', 'friendName', 'friendPhone', 'friendEmail'] as const;
type Field = (typeof offerFields)[number] | (typeof referFields)[number] | 'consent';

const labels: Record<Exclude<Field, 'consent'>, { label: string; type: 'text' | 'tel' | 'email'; autoComplete: string; required: boolean }> = {
  name: { label: 'Your name', type: 'text', autoComplete: 'name', required: true },
  phone: { label: 'Phone number', type: 'tel', autoComplete: 'tel', required: true },
  email: { label: 'Email (optional)', type: 'email', autoComplete: 'email', required: false },
  yourName: { label: 'Your name', type: 'text', autoComplete: 'name', required: true },
  yourEmail: { label: 'Your email (the one we have on file)', type: 'email', autoComplete: 'email', required: true },
  yourPhone: { label: 'Your phone (optional)', type: 'tel', autoComplete: 'tel', required: false },
  friendName: { label: 'Friend\'s name', type: 'text', autoComplete: 'off', required: true },
  friendPhone: { label: 'Friend\'s phone number', type: 'tel', autoComplete: 'off', required: true },
  friendEmail: { label: 'Friend\'s email (optional)', type: 'email', autoComplete: 'off', required: false },
};

/** The code the visitor arrived with: the page address first, then the referral cookie. */
function arrivalCode(): string | undefined {
  const fromUrl = new URLSearchParams(window.location.search).get('code');
  return (fromUrl || readCookie(document.cookie, referralCookie) || undefined)?.slice(0, 40);
}

export default function ReferralForm({ variant }: { variant: Variant }) {
  const fields = variant === 'offer' ? offerFields : referFields;
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries([...fields.map((f) => [f, '']), ['website', '']]));
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [state, setState] = useState<{ status: 'idle' | 'sending' | 'sent' | 'failed'; message: string }>({ status: 'idle', message: '' });
  const started = useRef(Date.now());
  const pending = useRef<PendingSubmission | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const set = (key: string) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const id = (field: Field) => `referral-${variant}-${field}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const payload = { ...values, consent: consent || undefined, formStartTime: started.current, ...(variant === 'offer' ? { code: arrivalCode() } : {}) };
    const checked = (variant === 'offer' ? referralOfferRequestSchema : referAFriendRequestSchema).safeParse(payload);
    const found: Partial<Record<Field, string>> = {};
    if (!checked.success) for (const issue of checked.error.issues) found[issue.path[0] as Field] ??= issue.message;
    setErrors(found);
    const first = [...fields, 'consent' as const].find((f) => found[f]);
    if (first) {
      setState({ status: 'failed', message: 'Please check the fields marked below.' });
      formRef.current?.querySelector<HTMLElement>(`#${id(first)}`)?.focus();
      return;
    }
    pending.current = submissionFor(pending.current, JSON.stringify(payload, (k, v) => (k === 'formStartTime' ? undefined : v)));
    setState({ status: 'sending', message: 'Sending…' });
    try {
      const answer = variant === 'offer'
        ? await sendLead(referralOfferContract, checked.data as never, pending.current.key)
        : await sendLead(referAFriendContract, checked.data as never, pending.current.key);
      setState({
        status: 'sent',
        message: variant === 'offer'
          ? `Thank you. We will call you to book your first service${answer.reference ? ` (reference ${answer.reference})` : ''}; mention the referral offer when we do.`
          : `Thank you. We will contact your friend${answer.reference ? ` (reference ${answer.reference})` : ''}, and email you when your credit is issued.`,
      });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields as Partial<Record<Field, string>>);
      setState({ status: 'failed', message: failureText(error) });
    }
  };

  if (state.status === 'sent') return <p role="status" className="rounded-lg bg-brand-50 p-4 font-semibold text-brand-900" data-referral-sent>{state.message}</p>;
  const field = (f: Exclude<Field, 'consent'>) => (
    <TextField key={f} id={id(f)} label={labels[f].label} type={labels[f].type} required={labels[f].required} value={values[f] ?? ''} onChange={set(f)} error={errors[f]} autoComplete={labels[f].autoComplete} maxLength={f.toLowerCase().includes('email') ? 254 : f.toLowerCase().includes('phone') ? 30 : 100} />
  );
  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="relative space-y-4" data-referral-form={variant}>
      {variant === 'offer' ? offerFields.map(field) : (
        <>
          <fieldset className="space-y-4"><legend className="text-lg font-bold">About you</legend>{(['yourName', 'yourEmail', 'yourPhone'] as const).map(field)}</fieldset>
          <fieldset className="space-y-4"><legend className="text-lg font-bold">About your friend</legend>{(['friendName', 'friendPhone', 'friendEmail'] as const).map(field)}</fieldset>
        </>
      )}
      <div>
        <label className="flex items-start gap-3">
          <input id={id('consent')} type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} className="mt-1 h-5 w-5 shrink-0" aria-invalid={errors.consent ? true : undefined} aria-describedby={errors.consent ? `${id('consent')}-error` : undefined} />
          <span>{variant === 'offer'
            ? 'I agree that Economy Plumbing Services may call, text or email me about this offer.'
            : 'My friend agreed that Economy Plumbing Services may call, text or email them about this offer.'}</span>
        </label>
        <FieldError id={id('consent')} error={errors.consent} />
      </div>
      <SpamTrap id={`referral-${variant}-website`} value={values.website ?? ''} onChange={set('website')} />
      <button type="submit" className="btn btn-primary px-5" disabled={state.status === 'sending'}>{variant === 'offer' ? 'Claim my offer' : 'Refer my friend'}</button>
      <p role={state.status === 'failed' ? 'alert' : 'status'} className={state.status === 'failed' ? 'font-semibold text-call-700' : 'text-sm'}>{state.message}</p>
    </form>
  );
}
