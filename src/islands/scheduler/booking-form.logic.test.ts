import { describe, expect, test } from 'vitest';
import { addDays, officeDate } from '../../lib/booking/booking-days';
import { answerZip, bookingFingerprint, bookingPayload, checkBooking, emptyBooking } from './booking-form.logic';

const tomorrow = addDays(officeDate(new Date()), 1);
const filled = { ...emptyBooking, zip: '78613', preferredDate: tomorrow, arrivalWindow: 'any', name: 'Ana', phone: '5125550100' };

describe('checkBooking', () => {
  test('passes a complete booking', () => {
    expect(checkBooking(bookingPayload(filled, 'Schedule Appointment', 1))).toEqual({});
  });

  test('asks for each missing choice in plain words', () => {
    expect(checkBooking(bookingPayload(emptyBooking, 'Schedule Appointment', 1))).toEqual({
      zip: 'Enter the ZIP code of the address.',
      preferredDate: 'Choose the day you would like us to come.',
      arrivalWindow: 'Choose an arrival window.',
      name: 'Enter your full name.',
      phone: 'Enter your phone number so we can call you back.',
    });
  });

  test('refuses a ZIP code outside the area with the phone number', () => {
    expect(checkBooking(bookingPayload({ ...filled, zip: '78201' }, 'x', 1)).zip).toMatch(/^We do not serve ZIP code 78201\. Call our Austin office at \(512\) 368-9159/);
  });
});

describe('answerZip', () => {
  test('waits for five digits, then names the area or says it is not served', () => {
    expect(answerZip('786')).toEqual({ kind: 'incomplete' });
    expect(answerZip('78654')).toMatchObject({ kind: 'served', area: { office: { name: 'Marble Falls' } } });
    expect(answerZip('78201')).toEqual({ kind: 'not-served', zip: '78201' });
  });
});

describe('bookingFingerprint', () => {
  test('ignores the timing and the trap', () => {
    expect(bookingFingerprint(bookingPayload(filled, 'x', 1))).toBe(bookingFingerprint(bookingPayload({ ...filled, website: 'y' }, 'x', 2)));
  });
});
