/**
 * The estimate form's store (SPEC §4): the shared lead-form store with the contact contract; a
 * 'Success!' notice when it is sent and a destructive 'Error' notice when it fails.
 */
import { contactContract } from '../../lib/api/contact.contract';
import { createLeadForm } from '../shared/lead-form.store';
import { toast } from '../toast/toast.store';
import { checkEstimate, emptyEstimate, estimateDraftKey, estimateDraftSchema, estimateFieldNames, estimateFingerprint, estimatePayload } from './estimate-form.logic';

/** SPEC §8's texts. */
export const successTitle = 'Success!';
export const successText = "Thank you for contacting us! We'll get back to you soon.";

export function createEstimateForm(pageContext: string, now: () => number = Date.now) {
  return createLeadForm({
    contract: contactContract,
    draftKey: estimateDraftKey,
    draftSchema: estimateDraftSchema,
    empty: emptyEstimate,
    payload: estimatePayload,
    check: checkEstimate,
    fingerprint: estimateFingerprint,
    fieldOrder: estimateFieldNames,
    onSent: () => toast({ title: successTitle, description: successText }),
    onFailed: (failure) => toast({ title: 'Error', description: failure, variant: 'destructive' }),
  }, pageContext, now);
}
