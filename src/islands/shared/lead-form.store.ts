/**
 * One store for a form that sends a lead (the estimate form, the booking form): idle →
 * submitting → sent (form cleared, clock restarted) or error (what was typed kept, Retry offered,
 * the idempotency key reused while the details are unchanged). What is typed is kept in
 * sessionStorage until it has been sent, with the pending key, so a retry after a reload is still
 * stored once. Each form gives its contract, fields, checks and what to do when it is sent.
 */
import { map } from 'nanostores';
import type { z } from 'zod';
import type { ApiContract, RequestInputOf } from '../../lib/api/contract';
import { failureFields, failureText, sendLead, submissionFor, type PendingSubmission } from './lead-submission';
import { clearDraft, readDraft, writeDraft } from './session-draft';

export type LeadFormStatus = 'idle' | 'submitting' | 'sent' | 'error';

export interface LeadFormState<V extends Record<string, string>> {
  values: V;
  errors: Partial<Record<keyof V & string, string>>;
  status: LeadFormStatus;
  /** The sentence shown with Retry after a failure. */
  failure: string | null;
  /** The last request sent: its reference and what it said. */
  sent: { reference: string | null; values: V } | null;
  formStartTime: number | null;
  pending: PendingSubmission | null;
}

export type LeadFormSubmitResult<F extends string> = { ok: true } | { ok: false; invalid: F[] } | { ok: false; failed: string };

export interface LeadFormSpec<V extends Record<string, string>, C extends ApiContract> {
  contract: C;
  /** sessionStorage key of the draft, and the schema it is read back through. */
  draftKey: string;
  draftSchema: z.ZodType<{ values: V; formStartTime: number; pending: PendingSubmission | null }>;
  empty: V;
  payload(values: V, pageContext: string, formStartTime: number): RequestInputOf<C>;
  /** Field → message; empty when the payload may be sent. */
  check(payload: RequestInputOf<C>): Record<string, string>;
  /** Equal fingerprints are the same request (the key is reused). */
  fingerprint(payload: RequestInputOf<C>): string;
  /** The fields in the order they appear, so the first one named is the first on screen. */
  fieldOrder: readonly (keyof V & string)[];
  onSent?(reference: string | null): void;
  onFailed?(failure: string): void;
}

export function createLeadForm<V extends Record<string, string>, C extends ApiContract>(spec: LeadFormSpec<V, C>, pageContext: string, now: () => number = Date.now) {
  type Field = keyof V & string;
  const $form = map<LeadFormState<V>>({ values: spec.empty, errors: {}, status: 'idle', failure: null, sent: null, formStartTime: null, pending: null });
  const inOrder = (fields: string[]) => (fields as Field[]).sort((a, b) => spec.fieldOrder.indexOf(a) - spec.fieldOrder.indexOf(b));

  const saveDraft = () => {
    const { values, formStartTime, pending } = $form.get();
    const typed = Object.entries(values).some(([k, v]) => k !== 'website' && v !== '');
    if (!typed && !pending) clearDraft(spec.draftKey);
    else if (formStartTime !== null) writeDraft(spec.draftKey, { values, formStartTime, pending });
  };

  /**
   * On mount: bring back an unsent draft (with its original start time), or start the clock; then
   * adopt what was typed into the built HTML before the island was live (newer than any draft).
   */
  function start(typedEarly: Record<string, string> = {}): void {
    const draft = readDraft(spec.draftKey, spec.draftSchema);
    if (draft) $form.set({ ...$form.get(), values: { ...spec.empty, ...draft.values }, formStartTime: draft.formStartTime, pending: draft.pending });
    else $form.setKey('formStartTime', now());
    const known = Object.entries(typedEarly).filter(([field]) => field in spec.empty);
    if (known.length === 0) return;
    $form.setKey('values', { ...$form.get().values, ...Object.fromEntries(known) });
    saveDraft();
  }

  function setField(field: Field, value: string): void {
    const state = $form.get();
    const { [field]: _cleared, ...errors } = state.errors;
    $form.set({ ...state, values: { ...state.values, [field]: value }, errors: errors as LeadFormState<V>['errors'], status: state.status === 'sent' ? 'idle' : state.status });
    saveDraft();
  }

  /** Back to an empty form (another request after one was sent). */
  function reset(): void {
    $form.set({ values: spec.empty, errors: {}, status: 'idle', failure: null, sent: null, formStartTime: now(), pending: null });
  }

  async function submit(): Promise<LeadFormSubmitResult<Field>> {
    const state = $form.get();
    if (state.status === 'submitting') return { ok: false, failed: 'busy' };
    const payload = spec.payload(state.values, pageContext, state.formStartTime ?? now());
    const errors = spec.check(payload) as LeadFormState<V>['errors'];
    const invalid = inOrder(Object.keys(errors));
    if (invalid.length > 0) {
      $form.set({ ...state, errors });
      return { ok: false, invalid };
    }
    const pending = submissionFor(state.pending, spec.fingerprint(payload));
    $form.set({ ...state, errors: {}, status: 'submitting', failure: null, pending });
    saveDraft();
    try {
      const receipt = await sendLead(spec.contract, payload, pending.key);
      // Any 2xx answer means the lead is stored (SPEC §7); the reference is shown when there is one.
      const reference = typeof receipt === 'object' && receipt !== null && 'reference' in receipt && typeof receipt.reference === 'string' ? receipt.reference : null;
      $form.set({ values: spec.empty, errors: {}, status: 'sent', failure: null, sent: { reference, values: state.values }, formStartTime: now(), pending: null });
      clearDraft(spec.draftKey);
      spec.onSent?.(reference);
      return { ok: true };
    } catch (error) {
      const failure = failureText(error);
      const serverErrors = failureFields(error) as LeadFormState<V>['errors'];
      $form.set({ ...$form.get(), status: 'error', failure, errors: serverErrors });
      spec.onFailed?.(failure);
      const fields = inOrder(Object.keys(serverErrors));
      return fields.length > 0 ? { ok: false, invalid: fields } : { ok: false, failed: failure };
    }
  }

  return { $form, start, setField, submit, reset };
}

