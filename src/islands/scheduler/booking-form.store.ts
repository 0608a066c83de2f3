/**
 * The built-in booking form's state and actions: like the estimate form (draft kept until sent,
 * idempotency key reused on retry), but success shows a confirmation instead of a notice.
 */
import { map } from 'nanostores';
import { bookingContract } from '../../lib/api/booking.contract';
import { failureFields, failureText, sendLead, submissionFor, type PendingSubmission } from '../shared/lead-submission';
import { clearDraft, readDraft, writeDraft } from '../shared/session-draft';
import { bookingDraftKey, bookingDraftSchema, bookingFingerprint, bookingPayload, checkBooking, emptyBooking, type BookingField, type BookingValues } from './booking-form.logic';

export type BookingStatus = 'idle' | 'submitting' | 'booked' | 'error';

export interface BookingFormState {
  values: BookingValues;
  errors: Partial<Record<BookingField, string>>;
  status: BookingStatus;
  failure: string | null;
  /** What was booked, for the confirmation. */
  booked: { reference: string; values: BookingValues } | null;
  formStartTime: number | null;
  pending: PendingSubmission | null;
}

export type BookingSubmitResult = { ok: true } | { ok: false; invalid: BookingField[] } | { ok: false; failed: string };

export function createBookingForm(pageContext: string, now: () => number = Date.now) {
  const $bookingForm = map<BookingFormState>({
    values: emptyBooking, errors: {}, status: 'idle', failure: null, booked: null, formStartTime: null, pending: null,
  });

  const saveDraft = () => {
    const { values, formStartTime, pending } = $bookingForm.get();
    const typed = Object.entries(values).some(([k, v]) => k !== 'website' && v !== '');
    if (!typed && !pending) clearDraft(bookingDraftKey);
    else if (formStartTime !== null) writeDraft(bookingDraftKey, { values, formStartTime, pending });
  };

  function start(): void {
    const draft = readDraft(bookingDraftKey, bookingDraftSchema);
    if (draft) $bookingForm.set({ ...$bookingForm.get(), values: { ...emptyBooking, ...draft.values }, formStartTime: draft.formStartTime, pending: draft.pending });
    else $bookingForm.setKey('formStartTime', now());
  }

  function setField(field: BookingField, value: string): void {
    const state = $bookingForm.get();
    const { [field]: _cleared, ...errors } = state.errors;
    $bookingForm.set({ ...state, values: { ...state.values, [field]: value }, errors });
    saveDraft();
  }

  /** Back to an empty form after a booking (another request). */
  function reset(): void {
    $bookingForm.set({ values: emptyBooking, errors: {}, status: 'idle', failure: null, booked: null, formStartTime: now(), pending: null });
  }

  async function submit(): Promise<BookingSubmitResult> {
    const state = $bookingForm.get();
    if (state.status === 'submitting') return { ok: false, failed: 'busy' };
    const payload = bookingPayload(state.values, pageContext, state.formStartTime ?? now());
    const errors = checkBooking(payload) as Partial<Record<BookingField, string>>;
    const invalid = (Object.keys(errors) as BookingField[]).sort((a, b) => bookingOrder(a) - bookingOrder(b));
    if (invalid.length > 0) {
      $bookingForm.set({ ...state, errors });
      return { ok: false, invalid };
    }
    const pending = submissionFor(state.pending, bookingFingerprint(payload));
    $bookingForm.set({ ...state, errors: {}, status: 'submitting', failure: null, pending });
    saveDraft();
    try {
      const receipt = await sendLead(bookingContract, payload, pending.key);
      $bookingForm.set({ values: emptyBooking, errors: {}, status: 'booked', failure: null, booked: { reference: receipt.reference, values: state.values }, formStartTime: now(), pending: null });
      clearDraft(bookingDraftKey);
      return { ok: true };
    } catch (error) {
      const failure = failureText(error);
      const serverErrors = failureFields(error) as Partial<Record<BookingField, string>>;
      $bookingForm.set({ ...$bookingForm.get(), status: 'error', failure, errors: serverErrors });
      const fields = Object.keys(serverErrors) as BookingField[];
      return fields.length > 0 ? { ok: false, invalid: fields } : { ok: false, failed: failure };
    }
  }

  return { $bookingForm, start, setField, submit, reset };
}

const bookingOrder = (field: string) => ['service', 'zip', 'preferredDate', 'arrivalWindow', 'name', 'phone', 'email', 'notes', 'website'].indexOf(field);

export type BookingForm = ReturnType<typeof createBookingForm>;
