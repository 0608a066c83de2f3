/**
 * The estimate form's state and actions (SPEC §4): idle → submitting → success (notice, form
 * cleared, start time reset) or error (notice, form kept, Retry offered). What is typed is kept in
 * sessionStorage until it has been sent, with the pending idempotency key, so a retry after a
 * reload is still stored once.
 */
import { map } from 'nanostores';
import { contactContract } from '../../lib/api/contact.contract';
import { clearDraft, readDraft, writeDraft } from '../shared/session-draft';
import { failureFields, failureText, sendLead, submissionFor, type PendingSubmission } from '../shared/lead-submission';
import { toast } from '../toast/toast.store';
import { checkEstimate, emptyEstimate, estimateDraftKey, estimateDraftSchema, estimateFingerprint, estimatePayload, type EstimateField, type EstimateValues } from './estimate-form.logic';

export type EstimateStatus = 'idle' | 'submitting' | 'success' | 'error';

export interface EstimateFormState {
  values: EstimateValues;
  errors: Partial<Record<EstimateField, string>>;
  status: EstimateStatus;
  /** The sentence shown with Retry after a failure. */
  failure: string | null;
  /** The reference of the last request sent. */
  reference: string | null;
  formStartTime: number | null;
  pending: PendingSubmission | null;
}

/** SPEC §8's texts. */
export const successTitle = 'Success!';
export const successText = "Thank you for contacting us! We'll get back to you soon.";

export type SubmitResult = { ok: true } | { ok: false; invalid: EstimateField[] } | { ok: false; failed: string };

export function createEstimateForm(pageContext: string, now: () => number = Date.now) {
  const $estimateForm = map<EstimateFormState>({
    values: emptyEstimate, errors: {}, status: 'idle', failure: null, reference: null, formStartTime: null, pending: null,
  });

  const saveDraft = () => {
    const { values, formStartTime, pending } = $estimateForm.get();
    const typed = Object.entries(values).some(([k, v]) => k !== 'website' && v !== '');
    if (!typed && !pending) clearDraft(estimateDraftKey);
    else if (formStartTime !== null) writeDraft(estimateDraftKey, { values, formStartTime, pending });
  };

  /** On mount: bring back an unsent draft (with its original start time), or start the clock. */
  function start(): void {
    const draft = readDraft(estimateDraftKey, estimateDraftSchema);
    if (draft) $estimateForm.set({ ...$estimateForm.get(), values: { ...emptyEstimate, ...draft.values }, formStartTime: draft.formStartTime, pending: draft.pending });
    else $estimateForm.setKey('formStartTime', now());
  }

  function setField(field: EstimateField, value: string): void {
    const state = $estimateForm.get();
    const { [field]: _cleared, ...errors } = state.errors;
    $estimateForm.set({ ...state, values: { ...state.values, [field]: value }, errors, status: state.status === 'success' ? 'idle' : state.status, reference: state.status === 'success' ? null : state.reference });
    saveDraft();
  }

  async function submit(): Promise<SubmitResult> {
    const state = $estimateForm.get();
    if (state.status === 'submitting') return { ok: false, failed: 'busy' };
    const payload = estimatePayload(state.values, pageContext, state.formStartTime ?? now());
    const errors = checkEstimate(payload) as Partial<Record<EstimateField, string>>;
    const invalid = Object.keys(errors) as EstimateField[];
    if (invalid.length > 0) {
      $estimateForm.set({ ...state, errors });
      return { ok: false, invalid };
    }
    const pending = submissionFor(state.pending, estimateFingerprint(payload));
    $estimateForm.set({ ...state, errors: {}, status: 'submitting', failure: null, pending });
    saveDraft();
    try {
      const receipt = await sendLead(contactContract, payload, pending.key);
      $estimateForm.set({ values: emptyEstimate, errors: {}, status: 'success', failure: null, reference: receipt.reference, formStartTime: now(), pending: null });
      clearDraft(estimateDraftKey);
      toast({ title: successTitle, description: successText });
      return { ok: true };
    } catch (error) {
      const failure = failureText(error);
      const serverErrors = failureFields(error) as Partial<Record<EstimateField, string>>;
      $estimateForm.set({ ...$estimateForm.get(), status: 'error', failure, errors: serverErrors });
      toast({ title: 'Error', description: failure, variant: 'destructive' });
      const invalid = Object.keys(serverErrors) as EstimateField[];
      return invalid.length > 0 ? { ok: false, invalid } : { ok: false, failed: failure };
    }
  }

  return { $estimateForm, start, setField, submit };
}

export type EstimateForm = ReturnType<typeof createEstimateForm>;
