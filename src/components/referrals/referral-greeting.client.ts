/**
 * /referral-offer: names the friend who sent the visitor. The code comes from the page address
 * (/ref/{code} redirects to /referral-offer?code=…) or the referral cookie; the first name from
 * /api/referral-offer. An unknown code, or no answer, leaves the generic greeting.
 */
import { callContract } from '../../lib/api/client';
import { referralOfferLookupContract } from '../../lib/api/referrals.contract';
import { referralCookie } from '../../lib/referrals';
import { readCookie } from '../../lib/traffic-source';

const greeting = document.querySelector<HTMLElement>('[data-referrer-greeting]');
const code = (new URLSearchParams(window.location.search).get('code') || readCookie(document.cookie, referralCookie) || '').slice(0, 40);
if (greeting && code) {
  callContract(referralOfferLookupContract, { code })
    .then(({ firstName }) => {
      if (firstName) greeting.textContent = `${firstName} sent you this offer.`;
    })
    .catch(() => undefined);
}
