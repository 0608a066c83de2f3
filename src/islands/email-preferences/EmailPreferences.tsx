/**
 * The email preferences of the address a link belongs to: one switch per category and
 * "unsubscribe from all"; saved with the button. Opened from an unsubscribe link, that category's
 * unsubscribe is offered first as one button.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { $notice, $preferences, categoryChoices, categoryFromQuery, loadPreferences, savePreferences, type Choices } from './email-preferences.store';

export default function EmailPreferences() {
  const preferences = useStore($preferences);
  const notice = useStore($notice);
  const [choices, setChoices] = useState<Choices | undefined>();
  const [saving, setSaving] = useState(false);
  const [asked] = useState(() => (typeof window === 'undefined' ? undefined : categoryFromQuery(window.location.search)));
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const id = useId();
  useEffect(() => {
    void loadPreferences();
  }, []);
  useEffect(() => {
    if (preferences.saved) setChoices(preferences.saved);
  }, [preferences.saved]);

  if (preferences.status === 'loading') return <p aria-busy="true">Opening your preferences…</p>;
  if (preferences.status === 'no-link' || preferences.status === 'error') {
    return (
      <div className="space-y-3">
        <p role={preferences.status === 'error' ? 'alert' : undefined} className="font-semibold">
          {preferences.status === 'error' ? preferences.message : 'This page opens with the link in one of our emails: it carries the key to that address’s preferences.'}
        </p>
        <p>No link at hand? <a href="/unsubscribe" className="font-semibold text-brand-700 underline">Ask for one by email</a>.</p>
      </div>
    );
  }
  if (!choices || !preferences.saved) return null;

  const save = async (next: Choices, done: string) => {
    setSaving(true);
    await savePreferences(next, done);
    setSaving(false);
    noticeRef.current?.focus();
  };
  const askedChoice = categoryChoices.find((c) => c.category === asked);
  const alreadyOff = askedChoice && (!preferences.saved[askedChoice.key] || preferences.saved.unsubscribedAll);

  return (
    <div className="space-y-6">
      <p>Preferences for <strong>{preferences.email}</strong>.</p>
      {askedChoice && (
        <section aria-labelledby={`${id}-asked`} className="card p-5">
          <h2 id={`${id}-asked`} className="text-xl font-bold">Unsubscribe from {askedChoice.label.toLowerCase()}</h2>
          {alreadyOff
            ? <p className="mt-2">You do not get {askedChoice.label.toLowerCase()} from us.</p>
            : (
              <>
                <p className="mt-2">{askedChoice.hint} Press the button to stop them; everything else stays as it is.</p>
                <button type="button" className="btn btn-primary mt-3 px-5" disabled={saving} onClick={() => void save({ ...preferences.saved!, [askedChoice.key]: false }, `Done: you will get no more ${askedChoice.label.toLowerCase()}.`)}>
                  Unsubscribe from {askedChoice.label.toLowerCase()}
                </button>
              </>
            )}
        </section>
      )}
      <form className="card space-y-5 p-5" onSubmit={(e) => { e.preventDefault(); void save(choices, 'Your preferences are saved.'); }}>
        <fieldset className="space-y-4" disabled={choices.unsubscribedAll}>
          <legend className="text-xl font-bold">Emails you want from us</legend>
          {categoryChoices.map((c) => (
            <div key={c.key} className="flex items-start gap-3">
              <input id={`${id}-${c.key}`} type="checkbox" className="mt-1 h-5 w-5 shrink-0" checked={choices[c.key] && !choices.unsubscribedAll} onChange={(e) => setChoices({ ...choices, [c.key]: e.target.checked })} aria-describedby={`${id}-${c.key}-hint`} />
              <div>
                <label htmlFor={`${id}-${c.key}`} className="font-semibold">{c.label}</label>
                <p id={`${id}-${c.key}-hint`} className="text-sm text-muted">{c.hint}</p>
              </div>
            </div>
          ))}
        </fieldset>
        <div className="flex items-start gap-3 border-t border-line pt-4">
          <input id={`${id}-all`} type="checkbox" className="mt-1 h-5 w-5 shrink-0" checked={choices.unsubscribedAll} onChange={(e) => setChoices({ ...choices, unsubscribedAll: e.target.checked })} aria-describedby={`${id}-all-hint`} />
          <div>
            <label htmlFor={`${id}-all`} className="font-semibold">Unsubscribe from all of these emails</label>
            <p id={`${id}-all-hint`} className="text-sm text-muted">Messages you need about your own orders and account, such as receipts and sign-in codes, still reach you.</p>
          </div>
        </div>
        <button type="submit" className="btn btn-primary px-5" disabled={saving}>Save my preferences</button>
      </form>
      <p ref={noticeRef} tabIndex={-1} role={notice.tone === 'error' ? 'alert' : 'status'} className={notice.tone === 'error' ? 'font-semibold text-call-700' : 'font-semibold'}>{notice.text}</p>
    </div>
  );
}
