/** The /customer-portal island: sign-in, the account choice, or the signed-in customer's records. */
import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect } from 'react';
import PortalAccounts from './PortalAccounts';
import PortalDashboard from './PortalDashboard';
import PortalSignIn from './PortalSignIn';
import { $portal, signOut, startPortal } from './portal.store';

/** SPEC: the header's Sign Out shows on /customer-portal only while a customer is signed in. */
function useHeaderSignOut(signedIn: boolean) {
  useEffect(() => {
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-portal-sign-out]')];
    const onClick = () => void signOut();
    for (const button of buttons) {
      button.hidden = !signedIn;
      button.addEventListener('click', onClick);
    }
    return () => buttons.forEach((button) => button.removeEventListener('click', onClick));
  }, [signedIn]);
}

/** `textCodes`: whether sign-in offers a code by text (decided at build time from the configuration). */
export default function CustomerPortal({ textCodes = false }: { textCodes?: boolean }) {
  const state = useStore($portal);
  // The page hides the built sign-in form while a returning customer's account or an emailed link
  // opens (customer-portal.astro); from the island's first change on, or once it has started, what it
  // shows is right.
  const opened = () => document.querySelector('[data-portal-opening]')?.removeAttribute('data-portal-opening');
  useEffect(() => void startPortal(window.location.search).finally(opened), []);
  useLayoutEffect(() => {
    if (state.stage !== 'email') opened();
  }, [state.stage]);
  useHeaderSignOut(state.stage === 'choose' || state.stage === 'portal');

  if (state.stage === 'loading') return <p role="status" className="text-muted">Checking whether you are signed in…</p>;
  if (state.stage === 'email' || state.stage === 'code') return <PortalSignIn state={state} textCodes={textCodes} />;
  if (state.stage === 'choose') return <PortalAccounts state={state} />;
  return <PortalDashboard state={state} />;
}
