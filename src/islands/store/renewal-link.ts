/**
 * A renew link (`?renew=<token>`) is read once and its token taken out of the address bar, so
 * analytics (after consent) and Stripe's cancel address never see it. The tab keeps the token per
 * plan as a session draft, so a buyer who cancels on Stripe's page and comes back is still renewing.
 */
import { renewalTokenField, renewalTokenFrom } from '../../lib/api/renewal.contract';
import { clearDraft, readDraft, writeDraft } from '../shared/session-draft';

export interface RenewalLink {
  present: boolean;
  token?: string;
  /** Drops the kept token (the server no longer knows it: renewed already, expired). */
  forget(): void;
}

/** The tab's kept renew token for a plan (the checkout page hydrates at once when it is there). */
export const renewalDraftKey = (slug: string) => `renewal-link:${slug}`;

export function takeRenewalLink(slug: string): RenewalLink {
  const key = renewalDraftKey(slug);
  const forget = () => clearDraft(key);
  const link = renewalTokenFrom(window.location.search);
  if (!link.present) {
    const kept = readDraft(key, renewalTokenField);
    return kept ? { present: true, token: kept, forget } : { present: false, forget };
  }
  const url = new URL(window.location.href);
  url.searchParams.delete('renew');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (link.token) writeDraft(key, link.token);
  else forget();
  return { ...link, forget };
}
