/**
 * The forms of the customer and job screens: a customer's details, a service address, and a job
 * (for a chosen customer, with one of their addresses). Each checks with the contract's fields
 * while typing and sends what was typed: the server parses it again and may name a field too.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { addressInput, customerInput, type AddressView, type CustomerDetail, type JobView } from '../../lib/api/admin/customers.contract';
import { jobFields } from '../../lib/api/customer-fields';
import { described, Field, fieldClass } from './AdminForm';
import type { Failure } from './customers.store';

type CustomerValues = { name: string; email: string; phone: string; company: string; notes: string };
type AddressValues = { line1: string; line2: string; city: string; state: string; zip: string };
const jobForm = z.object({ addressId: z.string(), ...jobFields });
type JobValues = { addressId: string; service: string; completedAt: string; invoiceTotal: string; paidAt: string; notes: string; externalId: string };

/** Shows the server's field errors on the form, and returns its sentence for the form's alert. */
function showFailure<T extends FieldValues>(failure: Failure, setError: UseFormSetError<T>, names: readonly string[]): string {
  for (const [field, message] of Object.entries(failure.fields)) if (names.includes(field)) setError(field as Path<T>, { message });
  return failure.message;
}

function Submit({ busy, label, error }: { busy: boolean; label: string; error: string }) {
  return (
    <div className="sm:col-span-2">
      {error && <p role="alert" className="mb-2 text-sm font-semibold text-red-700">{error}</p>}
      <button type="submit" className="btn btn-primary px-4" disabled={busy}>{label}</button>
    </div>
  );
}

export function CustomerForm({ initial, submitLabel, onSave }: { initial?: CustomerDetail; submitLabel: string; onSave: (values: CustomerValues) => Promise<Failure | undefined> }) {
  const id = useId();
  const [serverError, setServerError] = useState('');
  const { register, handleSubmit, getValues, setError, formState: { errors, isSubmitting } } = useForm<CustomerValues>({
    resolver: zodResolver(customerInput) as never,
    defaultValues: { name: initial?.name ?? '', email: initial?.email ?? '', phone: initial?.phone ?? '', company: initial?.company ?? '', notes: initial?.notes ?? '' },
  });
  const onSubmit = handleSubmit(async () => {
    const failure = await onSave(getValues());
    setServerError(failure ? showFailure(failure, setError, ['name', 'email', 'phone', 'company', 'notes']) : '');
  });
  const input = (name: keyof CustomerValues, label: string, props: Record<string, string> = {}, hint?: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]} {...(hint ? { hint } : {})}>
      <input id={`${id}-${name}`} {...props} {...register(name)} {...described(`${id}-${name}`, errors[name], Boolean(hint))} className={fieldClass} />
    </Field>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      {input('name', 'Name', { autoComplete: 'off' })}
      {input('company', 'Company (optional)')}
      {input('email', 'Email', { type: 'email', autoComplete: 'off' }, 'An email or a phone number is needed.')}
      {input('phone', 'Phone', { type: 'tel', autoComplete: 'off' })}
      <div className="sm:col-span-2">
        <Field id={`${id}-notes`} label="Notes (optional)" error={errors.notes}>
          <textarea id={`${id}-notes`} rows={2} {...register('notes')} {...described(`${id}-notes`, errors.notes)} className={fieldClass} />
        </Field>
      </div>
      <Submit busy={isSubmitting} label={submitLabel} error={serverError} />
    </form>
  );
}

export function AddressForm({ onSave }: { onSave: (values: AddressValues) => Promise<Failure | undefined> }) {
  const id = useId();
  const [serverError, setServerError] = useState('');
  const { register, handleSubmit, getValues, setError, reset, formState: { errors, isSubmitting } } = useForm<AddressValues>({
    resolver: zodResolver(addressInput) as never,
    defaultValues: { line1: '', line2: '', city: '', state: 'TX', zip: '' },
  });
  const onSubmit = handleSubmit(async () => {
    const failure = await onSave(getValues());
    setServerError(failure ? showFailure(failure, setError, ['line1', 'line2', 'city', 'state', 'zip']) : '');
    if (!failure) reset();
  });
  const input = (name: keyof AddressValues, label: string, autoComplete: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]}>
      <input id={`${id}-${name}`} autoComplete={autoComplete} {...register(name)} {...described(`${id}-${name}`, errors[name])} className={fieldClass} />
    </Field>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      {input('line1', 'Street address', 'off')}
      {input('line2', 'Apartment, suite (optional)', 'off')}
      {input('city', 'City', 'off')}
      <div className="grid grid-cols-2 gap-3">
        {input('state', 'State', 'off')}
        {input('zip', 'ZIP', 'off')}
      </div>
      <Submit busy={isSubmitting} label="Add address" error={serverError} />
    </form>
  );
}

const addressLabel = (a: AddressView) => [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', ');
const dateOnly = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

export interface JobFormValues { addressId: number | null; service: string; completedAt: string; invoiceTotal: string; paidAt: string; notes: string; externalId: string }

export function JobForm({ job, addresses, submitLabel, onSave }: { job?: JobView; addresses: readonly AddressView[]; submitLabel: string; onSave: (values: JobFormValues) => Promise<Failure | undefined> }) {
  const id = useId();
  const [serverError, setServerError] = useState('');
  const { register, handleSubmit, getValues, setError, reset, formState: { errors, isSubmitting } } = useForm<JobValues>({
    resolver: zodResolver(jobForm) as never,
    defaultValues: {
      addressId: job?.addressId ? String(job.addressId) : addresses.length === 1 ? String(addresses[0]!.id) : '',
      service: job?.service ?? '', completedAt: dateOnly(job?.completedAt ?? null), invoiceTotal: dollars(job?.invoiceTotalCents ?? null),
      paidAt: dateOnly(job?.paidAt ?? null), notes: job?.notes ?? '', externalId: job?.externalId ?? '',
    },
  });
  const onSubmit = handleSubmit(async () => {
    const { addressId, ...values } = getValues();
    const failure = await onSave({ ...values, addressId: addressId ? Number(addressId) : null });
    setServerError(failure ? showFailure(failure, setError, ['addressId', 'service', 'completedAt', 'invoiceTotal', 'paidAt', 'notes', 'externalId']) : '');
    if (!failure && !job) reset();
  });
  const input = (name: Exclude<keyof JobValues, 'addressId' | 'notes'>, label: string, props: Record<string, string> = {}, hint?: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]} {...(hint ? { hint } : {})}>
      <input id={`${id}-${name}`} {...props} {...register(name)} {...described(`${id}-${name}`, errors[name], Boolean(hint))} className={fieldClass} />
    </Field>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      {input('service', 'Service done', { autoComplete: 'off' })}
      <Field id={`${id}-addressId`} label="Address" error={errors.addressId}>
        <select id={`${id}-addressId`} {...register('addressId')} {...described(`${id}-addressId`, errors.addressId)} className={fieldClass}>
          <option value="">No address</option>
          {addresses.map((a) => <option key={a.id} value={a.id}>{addressLabel(a)}</option>)}
        </select>
      </Field>
      {input('completedAt', 'Completed on', { type: 'date' })}
      {input('invoiceTotal', 'Invoice total ($)', { inputMode: 'decimal', autoComplete: 'off' }, 'Like 249.00; empty when not invoiced yet.')}
      {input('paidAt', 'Paid on', { type: 'date' }, 'Empty while unpaid.')}
      {input('externalId', 'External id (optional)', { autoComplete: 'off' }, 'The job\'s id in your field-service system.')}
      <div className="sm:col-span-2">
        <Field id={`${id}-notes`} label="Notes (optional)" error={errors.notes}>
          <textarea id={`${id}-notes`} rows={2} {...register('notes')} {...described(`${id}-notes`, errors.notes)} className={fieldClass} />
        </Field>
      </div>
      <Submit busy={isSubmitting} label={submitLabel} error={serverError} />
    </form>
  );
}
