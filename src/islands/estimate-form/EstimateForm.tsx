/**
 * The free-estimate form (SPEC §3–§5, §8): name and phone required, email, service, location,
 * urgency and a 500-character message with a live counter, and a hidden spam trap. Failures keep
 * what was typed and offer Retry; success clears the form and shows a notice.
 */
import { useStore } from '@nanostores/react';
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { leadLocations, leadServices, leadUrgencies } from '../../business/lead-choices';
import { messageMaxLength } from '../../lib/api/lead-fields';
import { MessageField, SelectField, SpamTrap, SubmissionFailure, TextField } from '../shared/FormFields';
import { officePhoneList, type OfficePhone } from '../shared/office-phones';
import { ensureToaster } from '../toast/mount-toaster';
import { typedValues } from '../shared/typed-before-hydration';
import { createEstimateForm } from './estimate-form.store';
import type { EstimateField } from './estimate-form.logic';

interface Props {
  /** Which page the request comes from (SPEC §3); 'Contact Page' by default. */
  pageContext?: string;
}

export default function EstimateForm({ pageContext = 'Contact Page' }: Props) {
  const [form] = useState(() => createEstimateForm(pageContext));
  const { values, errors, status, failure, sent } = useStore(form.$form);
  const [phones, setPhones] = useState<OfficePhone[]>([]);
  const uid = useId().replace(/:/g, '');
  const id = (field: EstimateField) => `estimate-${uid}-${field}`;
  const formRef = useRef<HTMLFormElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const submitting = status === 'submitting';

  // A layout effect: it must read what was typed early before the first re-render resets the fields.
  useLayoutEffect(() => {
    ensureToaster();
    form.start(typedValues(formRef.current));
    setPhones(officePhoneList());
  }, [form]);

  const send = async () => {
    const result = await form.submit();
    if (result.ok) return;
    if ('invalid' in result && result.invalid[0]) document.getElementById(id(result.invalid[0]))?.focus();
    else if ('failed' in result) retryRef.current?.focus();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const set = (field: EstimateField) => (value: string) => form.setField(field, value);

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-labelledby={`${uid}-title`} className="relative" data-estimate-form>
      <h3 id={`${uid}-title`} className="text-xl font-bold">Ask for your free estimate</h3>
      <p className="mt-1 text-sm text-muted">Fields marked * are required.</p>

      {status === 'sent' && sent && (
        <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm font-semibold text-brand-900" data-estimate-sent>
          Request sent.{sent.reference ? ` Your reference is ${sent.reference}.` : ''}
        </p>
      )}

      {status === 'error' && failure && (
        <SubmissionFailure failure={failure} onRetry={() => void send()} retrying={submitting} retryRef={retryRef} phones={phones} data-estimate-failure />
      )}

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField id={id('name')} label="Full Name *" required autoComplete="name" value={values.name} onChange={set('name')} error={errors.name} maxLength={100} />
        <TextField id={id('phone')} label="Phone Number *" required type="tel" inputMode="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} error={errors.phone} maxLength={30} />
        <TextField id={id('email')} label="Email" type="email" inputMode="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} maxLength={254} />
        <SelectField id={id('service')} label="Service needed" placeholder="Choose a service" value={values.service} onChange={set('service')} error={errors.service}>
          {leadServices.map((s) => <option key={s.id} value={s.id}>{s.label}</option>)}
        </SelectField>
        <SelectField id={id('location')} label="Location" placeholder="Choose your area" value={values.location} onChange={set('location')} error={errors.location}>
          {leadLocations.map((l) => <option key={l.id} value={l.id}>{l.label}</option>)}
        </SelectField>
        <SelectField id={id('urgency')} label="How urgent is it?" placeholder="Choose one" value={values.urgency} onChange={set('urgency')} error={errors.urgency}>
          {leadUrgencies.map((u) => <option key={u.id} value={u.id}>{u.label}</option>)}
        </SelectField>
        <MessageField className="sm:col-span-2" id={id('message')} label="Describe the problem" maxLength={messageMaxLength} value={values.message} onChange={set('message')} error={errors.message} />
      </div>
      <SpamTrap id={id('website')} value={values.website} onChange={set('website')} />

      <button type="submit" className="btn btn-primary mt-5 w-full sm:w-auto" disabled={submitting}>
        {submitting ? 'Submitting...' : 'Send my request'}
      </button>
    </form>
  );
}
