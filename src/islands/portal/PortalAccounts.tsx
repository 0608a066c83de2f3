/** Several customer records share the signed-in email: the person chooses which one to open. */
import { useId, type FormEvent } from 'react';
import { chooseAccount, type PortalState } from './portal.store';

export default function PortalAccounts({ state }: { state: PortalState }) {
  const id = useId();
  const accounts = state.session?.accounts ?? [];
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget).get('account');
    if (typeof chosen === 'string') void chooseAccount(chosen);
  };
  return (
    <section className="card max-w-xl p-6" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-2xl font-extrabold" tabIndex={-1}>Choose an account</h2>
      <form onSubmit={onSubmit} className="mt-3">
        <fieldset>
          <legend className="text-muted">{state.session?.email} is on {accounts.length} customer accounts. Which one would you like to open?</legend>
          <div className="mt-4 space-y-2">
            {accounts.map((a, i) => (
              <label key={a.publicId} className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
                <input type="radio" name="account" value={a.publicId} defaultChecked={a.publicId === state.session?.chosen || (!state.session?.chosen && i === 0)} className="mt-1 h-4 w-4" />
                <span><span className="block font-semibold">{a.name}</span>{a.place && <span className="block text-sm text-muted">{a.place}</span>}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn btn-primary mt-4 w-full" disabled={state.busy} aria-busy={state.busy || undefined}>Open this account</button>
      </form>
      {state.message && <p role="alert" className="mt-4 font-semibold text-call-700">{state.message}</p>}
    </section>
  );
}
