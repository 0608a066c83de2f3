/** The booking form's pure rules: payload, checks, ZIP code answer and the stored draft. */
import { z } from 'zod';
import { bookingRequestSchema, type BookingRequest } from '../../lib/api/booking.contract';
import { fieldErrors, humanIssueMessage } from '../../lib/api/validation';
import { findServiceArea, zipPattern, type ServiceArea } from '../../lib/booking/service-area';

export const bookingFieldNames = ['service', 'zip', 'preferredDate', 'arrivalWindow', 'name', 'phone', 'email', 'notes', 'website'] as const;
export type BookingField = (typeof bookingFieldNames)[number];
export type BookingValues = Record<BookingField, string>;

export const emptyBooking: BookingValues = { service: '', zip: '', preferredDate: '', arrivalWindow: '', name: '', phone: '', email: '', notes: '', website: '' };

export function bookingPayload(values: BookingValues, pageContext: string, formStartTime: number): BookingRequest {
  return { ...values, pageContext, formStartTime } as BookingRequest;
}

/** Field → message with the server's sentences; a day or window not chosen gets a plain "choose" sentence. */
export function checkBooking(payload: BookingRequest): Record<string, string> {
  const result = bookingRequestSchema.safeParse(payload, { error: humanIssueMessage });
  if (result.success) return {};
  const errors = fieldErrors(result.error);
  if (!payload.preferredDate) errors.preferredDate = 'Choose the day you would like us to come.';
  if (!payload.arrivalWindow) errors.arrivalWindow = 'Choose an arrival window.';
  if (!payload.zip?.trim()) errors.zip = 'Enter the ZIP code of the address.';
  return errors;
}

export function bookingFingerprint(payload: BookingRequest): string {
  const { formStartTime: _t, website: _w, ...said } = payload;
  return JSON.stringify(Object.entries(said).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]).sort());
}

/** What to tell the visitor about the ZIP code typed so far. */
export type ZipAnswer = { kind: 'incomplete' } | { kind: 'served'; area: ServiceArea } | { kind: 'not-served'; zip: string };

export function answerZip(zip: string): ZipAnswer {
  const clean = zip.trim();
  if (!zipPattern.test(clean)) return { kind: 'incomplete' };
  const area = findServiceArea(clean);
  return area ? { kind: 'served', area } : { kind: 'not-served', zip: clean };
}

const text = z.string().max(5000);
export const bookingDraftSchema = z.object({
  values: z.object(Object.fromEntries(bookingFieldNames.map((f) => [f, text])) as Record<BookingField, typeof text>),
  formStartTime: z.number().int().nonnegative(),
  pending: z.object({ key: z.uuid(), fingerprint: z.string() }).nullable(),
});

export const bookingDraftKey = 'booking-form-draft';
