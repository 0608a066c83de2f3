import { describe, expect, test } from 'vitest';
import { addDays, officeDate } from '../booking/booking-days';
import { bookingRequestSchema } from './booking.contract';
import { contactRequestSchema } from './contact.contract';
import { fieldErrors, humanIssueMessage } from './validation';

const errorsOf = (schema: typeof contactRequestSchema | typeof bookingRequestSchema, value: unknown) => {
  const result = schema.safeParse(value, { error: humanIssueMessage });
  return result.success ? {} : fieldErrors(result.error);
};
const contact = { name: 'Ana', phone: '512-555-0100', formStartTime: 1_700_000_000_000 };

describe('contact request', () => {
  test('needs only a name, a phone number and the start time', () => {
    expect(contactRequestSchema.parse(contact)).toMatchObject({ name: 'Ana', phone: '512-555-0100' });
  });

  test('says what is missing in words a visitor understands', () => {
    expect(errorsOf(contactRequestSchema, { formStartTime: 1 })).toEqual({
      name: 'Enter your full name.',
      phone: 'Enter your phone number so we can call you back.',
    });
    expect(errorsOf(contactRequestSchema, { ...contact, name: '   ' })).toEqual({ name: 'Enter your full name.' });
  });

  test('accepts US numbers written any way and refuses the rest', () => {
    for (const phone of ['(512) 555-0100', '512.555.0100', '+1 512 555 0100', '15125550100']) {
      expect(errorsOf(contactRequestSchema, { ...contact, phone })).toEqual({});
    }
    for (const phone of ['555-0100', '512-555-01000', 'call me', '+44 20 7946 0958']) {
      expect(errorsOf(contactRequestSchema, { ...contact, phone })).toEqual({ phone: 'Enter a 10-digit phone number with its area code.' });
    }
  });

  test('email is optional but must look like one when given', () => {
    expect(errorsOf(contactRequestSchema, { ...contact, email: '' })).toEqual({});
    expect(errorsOf(contactRequestSchema, { ...contact, email: 'ana@example' })).toEqual({ email: 'Enter a valid email address, or leave this empty.' });
  });

  test('message is at most 500 characters', () => {
    expect(errorsOf(contactRequestSchema, { ...contact, message: 'x'.repeat(500) })).toEqual({});
    expect(errorsOf(contactRequestSchema, { ...contact, message: 'x'.repeat(501) })).toEqual({ message: 'Use at most 500 characters.' });
  });

  test('selects accept their ids or nothing', () => {
    expect(errorsOf(contactRequestSchema, { ...contact, service: 'drain', location: 'burnet', urgency: 'emergency' })).toEqual({});
    expect(errorsOf(contactRequestSchema, { ...contact, service: '', location: '', urgency: '' })).toEqual({});
    expect(errorsOf(contactRequestSchema, { ...contact, service: 'roofing', location: 'dallas', urgency: 'yesterday' })).toEqual({
      service: 'Choose a service from the list.',
      location: 'Choose a location from the list.',
      urgency: 'Choose how urgent it is from the list.',
    });
  });

  test('refuses unknown fields, wrong types, NUL and broken Unicode', () => {
    expect(errorsOf(contactRequestSchema, { ...contact, admin: true })).toEqual({ admin: 'This field is not accepted.' });
    expect(errorsOf(contactRequestSchema, { ...contact, name: 42 })).toEqual({ name: 'This must be text.' });
    expect(errorsOf(contactRequestSchema, { ...contact, name: 'Ana\u0000' })).toEqual({ name: 'This contains characters we cannot read. Please retype it.' });
    expect(errorsOf(contactRequestSchema, { ...contact, message: 'bad \ud800 surrogate' })).toEqual({ message: 'This contains characters we cannot read. Please retype it.' });
    expect(errorsOf(contactRequestSchema, { ...contact, formStartTime: 'now' })).toEqual({ formStartTime: 'Reload the page and send the form again.' });
  });

  test('keeps line breaks and accents in the message', () => {
    expect(contactRequestSchema.parse({ ...contact, message: 'Línea uno\nLínea dos 💧' }).message).toBe('Línea uno\nLínea dos 💧');
  });
});

describe('booking request', () => {
  const tomorrow = addDays(officeDate(new Date()), 1);
  const booking = { ...contact, zip: '78702', preferredDate: tomorrow, arrivalWindow: 'morning' };

  test('accepts a ZIP code we serve, a day in the next two weeks and a window', () => {
    expect(errorsOf(bookingRequestSchema, booking)).toEqual({});
  });

  test('a ZIP code outside the area is refused with the phone number to call', () => {
    expect(errorsOf(bookingRequestSchema, { ...booking, zip: '75201' })).toEqual({
      zip: 'We do not serve ZIP code 75201. Call our Austin office at (512) 368-9159 and we will tell you who can help.',
    });
    expect(errorsOf(bookingRequestSchema, { ...booking, zip: '787' })).toEqual({ zip: 'Enter the five-digit ZIP code of the address.' });
  });

  test('a day in the past or a month ahead is refused', () => {
    expect(errorsOf(bookingRequestSchema, { ...booking, preferredDate: '2020-01-01' })).toEqual({ preferredDate: 'Choose a day in the next two weeks.' });
    expect(errorsOf(bookingRequestSchema, { ...booking, preferredDate: addDays(tomorrow, 30) })).toEqual({ preferredDate: 'Choose a day in the next two weeks.' });
    expect(errorsOf(bookingRequestSchema, { ...booking, preferredDate: '2026-02-30' })).toEqual({ preferredDate: 'Choose a day in the next two weeks.' });
  });

  test('the arrival window must be one of ours', () => {
    expect(errorsOf(bookingRequestSchema, { ...booking, arrivalWindow: 'midnight' })).toEqual({ arrivalWindow: 'Choose an arrival window.' });
  });
});
