/** What a customer changes themselves: their name and phone, and their service addresses (the form to add or correct one). */
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { PortalOverview } from '../../lib/api/portal.contract';
import { TextField } from '../shared/FormFields';
import { addAddress, saveProfile, type AddressValues } from './portal.store';

function useSubmit<V>(send: (values: V) => Promise<Record<string, string>>, onSaved: () => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState('');
  const submit = async (values: V, savedText: string) => {
    setBusy(true);
    setSaved('');
    const found = await send(values);
    setBusy(false);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      setSaved(savedText);
      onSaved();
    }
  };
  return { errors, busy, saved, submit };
}

export function ProfileForm({ profile }: { profile: PortalOverview['profile'] }) {
  const id = useId();
  const [name, setName] = useState(profile.name);
  const [phone, setPhone] = useState(profile.phone ?? '');
  const { errors, busy, saved, submit } = useSubmit(saveProfile, () => undefined);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit({ name, phone }, 'Your details are saved.');
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <TextField id={`${id}-name`} label="Name" value={name} onChange={setName} autoComplete="name" maxLength={120} required error={errors.name} />
      <TextField id={`${id}-phone`} label="Phone" type="tel" value={phone} onChange={setPhone} autoComplete="tel" inputMode="tel" maxLength={30} error={errors.phone} />
      <div className="sm:col-span-2 flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>{busy ? 'Saving…' : 'Save my details'}</button>
        <p role="status" className="font-semibold text-brand-800">{saved}</p>
      </div>
      {errors.form && <p role="alert" className="sm:col-span-2 font-semibold text-call-700">{errors.form}</p>}
    </form>
  );
}

const emptyAddress: AddressValues = { line1: '', line2: '', city: '', state: 'TX', zip: '' };

/**
 * The address form: adding one (the default), or correcting one (`initial`, `send`, `onDone`, and
 * `onCancel`), which takes the focus to its first field when it opens.
 */
export function AddressForm({ initial, title = 'Add an address', submitLabel = 'Add address', savedText = 'The address is added.', send = addAddress, onDone, onCancel }: {
  initial?: AddressValues;
  title?: string;
  submitLabel?: string;
  savedText?: string;
  send?: (values: AddressValues) => Promise<Record<string, string>>;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState(initial ?? emptyAddress);
  const { errors, busy, saved, submit } = useSubmit(send, () => (onDone ? onDone() : setValues(emptyAddress)));
  const set = (key: keyof AddressValues) => (value: string) => setValues({ ...values, [key]: value });
  useEffect(() => {
    if (initial) document.getElementById(`${id}-line1`)?.focus();
  }, []);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(values, savedText);
  };
  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-6" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="sm:col-span-6 text-lg font-bold">{title}</h3>
      <TextField id={`${id}-line1`} label="Street address" value={values.line1} onChange={set('line1')} autoComplete="address-line1" maxLength={120} required error={errors.line1} className="sm:col-span-4" />
      <TextField id={`${id}-line2`} label="Apartment, suite (optional)" value={values.line2} onChange={set('line2')} autoComplete="address-line2" maxLength={120} error={errors.line2} className="sm:col-span-2" />
      <TextField id={`${id}-city`} label="City" value={values.city} onChange={set('city')} autoComplete="address-level2" maxLength={80} required error={errors.city} className="sm:col-span-3" />
      <TextField id={`${id}-state`} label="State" value={values.state} onChange={set('state')} autoComplete="address-level1" maxLength={2} required error={errors.state} className="sm:col-span-1" />
      <TextField id={`${id}-zip`} label="ZIP code" value={values.zip} onChange={set('zip')} autoComplete="postal-code" inputMode="numeric" maxLength={10} required error={errors.zip} className="sm:col-span-2" />
      <div className="sm:col-span-6 flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-outline" disabled={busy} aria-busy={busy || undefined}>{busy ? 'Saving…' : submitLabel}</button>
        {onCancel && <button type="button" className="btn btn-outline" onClick={onCancel}>Cancel</button>}
        <p role="status" className="font-semibold text-brand-800">{saved}</p>
      </div>
      {errors.form && <p role="alert" className="sm:col-span-6 font-semibold text-call-700">{errors.form}</p>}
    </form>
  );
}
