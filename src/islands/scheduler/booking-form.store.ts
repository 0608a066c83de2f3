/**
 * The built-in booking form's store: the shared lead-form store with the booking contract. When it
 * is sent the form is replaced by a confirmation (BookingForm), so there is no notice.
 */
import { bookingContract } from '../../lib/api/booking.contract';
import { createLeadForm } from '../shared/lead-form.store';
import { bookingDraftKey, bookingDraftSchema, bookingFieldNames, bookingFingerprint, bookingPayload, checkBooking, emptyBooking } from './booking-form.logic';

export function createBookingForm(pageContext: string, now: () => number = Date.now) {
  return createLeadForm({
    contract: bookingContract,
    draftKey: bookingDraftKey,
    draftSchema: bookingDraftSchema,
    empty: emptyBooking,
    payload: bookingPayload,
    check: checkBooking,
    fingerprint: bookingFingerprint,
    fieldOrder: bookingFieldNames,
  }, pageContext, now);
}
