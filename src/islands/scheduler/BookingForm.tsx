/**
 * The built-in booking request: service, ZIP code (checked against our 16 cities as it is typed),
 * a day in the next two weeks (weekends by appointment), an arrival window and contact details.
 * Saved as a lead of kind booking and confirmed on screen. Used inline on /schedule-appointment
 * and inside the scheduler dialog.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { company } from '../../business/company';
import { arrivalWindows, choiceLabel, leadServices } from '../../business/lead-choices';
import { bookingDays, type BookingDay } from '../../lib/booking/booking-days';
import { messageMaxLength } from '../../lib/api/lead-fields';
import { FieldError, MessageField, OfficePhones, SelectField, SpamTrap, SubmissionFailure, TextField } from '../shared/FormFields';
import { officePhoneList, type OfficePhone } from '../shared/office-phones';
import { answerZip, type BookingField } from './booking-form.logic';
import { typedValues } from '../shared/typed-before-hydration';
import { createBookingForm } from './booking-form.store';

interface Props {
  pageContext: string;
  /** Inside the dialog: a Close button on the confirmation. */
  onClose?: () => void;
  /** The heading level of the form's title (2 on the page, 2 in the dialog). */
  titleId?: string;
}

export default function BookingForm({ pageContext, onClose, titleId }: Props) {
  const [form] = useState(() => createBookingForm(pageContext));
  const { values, errors, status, failure, sent: booked } = useStore(form.$form);
  const [days, setDays] = useState<BookingDay[]>([]);
  const [phones, setPhones] = useState<OfficePhone[]>([]);
  const uid = useId().replace(/:/g, '');
  const id = (field: BookingField) => `booking-${uid}-${field}`;
  const retryRef = useRef<HTMLButtonElement>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = status === 'submitting';
  const zip = answerZip(values.zip);

  // A layout effect: it must read what was typed early before the first re-render resets the fields.
  useLayoutEffect(() => {
    form.start(typedValues(formRef.current));
    // The days depend on today, so they are listed in the browser, not at build time.
    setDays(bookingDays(new Date()));
    setPhones(officePhoneList());
  }, [form]);

  useEffect(() => {
    if (status === 'sent') confirmationRef.current?.focus();
  }, [status]);

  const send = async () => {
    const result = await form.submit();
    if (result.ok) return;
    if ('invalid' in result && result.invalid[0]) {
      const first = result.invalid[0];
      const target = first === 'arrivalWindow' ? formRef.current?.querySelector<HTMLInputElement>('input[name="arrivalWindow"]') : document.getElementById(id(first));
      target?.focus();
    } else if ('failed' in result) retryRef.current?.focus();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const set = (field: BookingField) => (value: string) => form.setField(field, value);

  if (status === 'sent' && booked) {
    const day = days.find((d) => d.date === booked.values.preferredDate)?.label ?? booked.values.preferredDate;
    const area = answerZip(booked.values.zip);
    const office = area.kind === 'served' ? area.area.office.name : 'nearest';
    return (
      <div className="rounded-xl bg-brand-50 p-5" data-booking-confirmation>
        <h2 ref={confirmationRef} tabIndex={-1} className="text-xl font-extrabold text-brand-900 outline-none">Request received</h2>
        <p className="mt-2">
          Thank you, {booked.values.name}. We have your request for <strong>{day}</strong>, {choiceLabel(arrivalWindows, booked.values.arrivalWindow)?.toLowerCase()}, at ZIP code {booked.values.zip}.
        </p>
        <p className="mt-2">Our {office} office will call you at {booked.values.phone} to confirm the appointment and your arrival window.{booked.reference && <> Your reference is <strong>{booked.reference}</strong>.</>}</p>
        <p className="mt-2 text-sm text-muted">Need help sooner? Call us:</p>
        <OfficePhones phones={phones} />
        <div className="mt-4 flex flex-wrap gap-3">
          {onClose && <button type="button" className="btn btn-primary" onClick={onClose}>Close</button>}
          <button type="button" className="btn btn-outline" onClick={form.reset}>Request another visit</button>
        </div>
      </div>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-labelledby={titleId} className="relative" data-booking-form>
      <p className="text-sm text-muted">Fields marked * are required. We call you to confirm before the visit.</p>

      {status === 'error' && failure && (
        <SubmissionFailure failure={failure} onRetry={() => void send()} retrying={submitting} retryRef={retryRef} phones={phones} announce data-booking-failure />
      )}

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <SelectField id={id('service')} label="Service needed" placeholder="Choose a service" value={values.service} onChange={set('service')} error={errors.service}>
          {leadServices.map((s) => <option key={s.id} value={s.id}>{s.label}</option>)}
        </SelectField>
        <div>
          <TextField id={id('zip')} label="ZIP code *" required inputMode="numeric" autoComplete="postal-code" maxLength={5} value={values.zip} onChange={set('zip')} error={errors.zip} describedBy={`${id('zip')}-area`} />
          <div id={`${id('zip')}-area`} role="status" className="mt-1 text-sm" data-zip-answer>
            {zip.kind === 'served' && (
              <p className="text-brand-800">
                We serve {zip.area.cities.map((c) => c.name).join(' and ')}: your visit would come from our {zip.area.office.name} office.
              </p>
            )}
            {zip.kind === 'not-served' && !errors.zip && (
              <div>
                <p className="font-semibold text-call-700">ZIP code {zip.zip} is outside the 16 cities we serve, so we cannot book it online. Please call us and we will tell you whether we can help:</p>
                <OfficePhones phones={phones} />
              </div>
            )}
          </div>
        </div>
        <div>
          <SelectField id={id('preferredDate')} label="Preferred day *" required placeholder="Choose a day" value={values.preferredDate} onChange={set('preferredDate')} error={errors.preferredDate} describedBy={`${id('preferredDate')}-hint`}>
            {days.map((d) => <option key={d.date} value={d.date}>{d.weekend ? `${d.label} (by appointment)` : d.label}</option>)}
          </SelectField>
          <p id={`${id('preferredDate')}-hint`} className="mt-1 text-sm text-muted">
            {company.hours.weekdays.label}; weekends by appointment. For help today, please call.
          </p>
        </div>
        <fieldset className="sm:col-span-2" aria-describedby={errors.arrivalWindow ? `${id('arrivalWindow')}-error` : undefined}>
          <legend className="font-semibold">Arrival window *</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-3">
            {arrivalWindows.map((w) => (
              <label key={w.id} className="flex cursor-pointer items-center gap-2 rounded-lg border border-line p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                <input type="radio" className="h-5 w-5 shrink-0" name="arrivalWindow" value={w.id} checked={values.arrivalWindow === w.id} onChange={() => set('arrivalWindow')(w.id)} aria-invalid={errors.arrivalWindow ? true : undefined} />
                <span className="text-sm">{w.label}</span>
              </label>
            ))}
          </div>
          <FieldError id={id('arrivalWindow')} error={errors.arrivalWindow} />
        </fieldset>
        <TextField id={id('name')} label="Full Name *" required autoComplete="name" maxLength={100} value={values.name} onChange={set('name')} error={errors.name} />
        <TextField id={id('phone')} label="Phone Number *" required type="tel" inputMode="tel" autoComplete="tel" maxLength={30} value={values.phone} onChange={set('phone')} error={errors.phone} />
        <TextField className="sm:col-span-2" id={id('email')} label="Email" type="email" inputMode="email" autoComplete="email" maxLength={254} value={values.email} onChange={set('email')} error={errors.email} />
        <MessageField className="sm:col-span-2" id={id('notes')} label="Notes for the plumber" hint="What is happening, gate codes, pets, parking." maxLength={messageMaxLength} value={values.notes} onChange={set('notes')} error={errors.notes} />
      </div>
      <SpamTrap id={id('website')} value={values.website} onChange={set('website')} />

      <button type="submit" className="btn btn-primary mt-5 w-full sm:w-auto" disabled={submitting}>
        {submitting ? 'Submitting...' : 'Request this visit'}
      </button>
    </form>
  );
}
