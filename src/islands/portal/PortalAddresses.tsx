/**
 * The customer's service addresses: each one can be corrected or removed (after a confirmation),
 * except that one an active membership covers says so and cannot be removed; then the form to add one.
 * Focus follows the person: into the form when it opens, back to the address's own buttons when it
 * closes, and to the list's status line when an address goes away.
 */
import { useRef, useState } from 'react';
import type { PortalOverview } from '../../lib/api/portal.contract';
import { AddressForm } from './PortalForms';
import { removeAddress, updateAddress } from './portal.store';

type Address = PortalOverview['addresses'][number];

const addressLine = (a: Address) => [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', ');

export default function PortalAddresses({ addresses }: { addresses: Address[] }) {
  const [editing, setEditing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState<{ id: number; text: string } | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  /** After a form or a confirmation closes: the focus goes back to the address's own button (or the status line when it is gone). */
  const focusAfter = (selector: string) => requestAnimationFrame(() => (document.querySelector<HTMLElement>(selector) ?? statusRef.current)?.focus());

  const remove = async (address: Address) => {
    setBusy(true);
    const errors = await removeAddress(address.id);
    setBusy(false);
    setConfirming(null);
    if (Object.keys(errors).length > 0) {
      setProblem({ id: address.id, text: errors.form ?? Object.values(errors).join(' ') });
      focusAfter(`[data-address-problem="${address.id}"]`);
      return;
    }
    setNotice(`${addressLine(address)} is removed from your account.`);
    focusAfter('[data-address-status]');
  };

  return (
    <div>
      {addresses.length === 0 ? <p className="text-muted">No addresses on this account yet.</p> : (
        <ul className="divide-y divide-line">
          {addresses.map((a) => (
            <li key={a.id} className="py-3">
              {editing === a.id ? (
                <AddressForm
                  initial={{ line1: a.line1, line2: a.line2 ?? '', city: a.city, state: a.state, zip: a.zip }}
                  title={`Change ${a.line1}`}
                  submitLabel="Save address"
                  savedText="The address is saved."
                  send={(values) => updateAddress(a.id, values)}
                  onDone={() => {
                    setEditing(null);
                    setNotice('The address is saved.');
                    focusAfter('[data-address-status]');
                  }}
                  onCancel={() => {
                    setEditing(null);
                    focusAfter(`[data-address-edit="${a.id}"]`);
                  }}
                />
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p>{addressLine(a)}</p>
                    {a.membership && <p className="text-sm text-muted">Your {a.membership} covers this address, so it cannot be removed while the membership lasts.</p>}
                  </div>
                  {confirming === a.id ? (
                    // Keyed apart from the buttons it replaces, so React makes new buttons rather than restyling the
                    // hovered "Remove" one (its background would fade from white under white text).
                    <div key="confirm" role="group" aria-labelledby={`address-confirm-${a.id}`} className="flex flex-wrap items-center gap-2">
                      <p id={`address-confirm-${a.id}`} className="font-semibold">Remove this address?</p>
                      <button type="button" className="btn btn-call" disabled={busy} aria-busy={busy || undefined} data-address-confirm={a.id} aria-label={`Yes, remove it: ${addressLine(a)}`} onClick={() => void remove(a)}>
                        {busy ? 'Removing…' : 'Yes, remove it'}
                      </button>
                      <button type="button" className="btn btn-outline" disabled={busy} onClick={() => { setConfirming(null); focusAfter(`[data-address-remove="${a.id}"]`); }}>Keep it</button>
                    </div>
                  ) : (
                    <div key="actions" className="flex flex-wrap gap-2">
                      <button type="button" className="btn btn-outline" data-address-edit={a.id} aria-label={`Change ${addressLine(a)}`} onClick={() => { setProblem(null); setNotice(''); setConfirming(null); setEditing(a.id); }}>
                        Change
                      </button>
                      {!a.membership && (
                        <button type="button" className="btn btn-outline" data-address-remove={a.id} aria-label={`Remove ${addressLine(a)}`} onClick={() => { setProblem(null); setNotice(''); setEditing(null); setConfirming(a.id); focusAfter(`[data-address-confirm="${a.id}"]`); }}>
                          Remove
                        </button>
                      )}
                    </div>
                  )}
                  {problem?.id === a.id && <p role="alert" tabIndex={-1} data-address-problem={a.id} className="basis-full font-semibold text-call-700">{problem.text}</p>}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <p role="status" ref={statusRef} tabIndex={-1} data-address-status className="mt-2 font-semibold text-brand-800">{notice}</p>
    </div>
  );
}
