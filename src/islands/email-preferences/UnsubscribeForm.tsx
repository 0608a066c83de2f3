/**
 * /unsubscribe: the visitor types their email and we send that address the link to its preferences.
 * The answer is the same for any address, so the form never tells whether we know one; nothing
 * changes without the link.
 */
import { useRef, useState, type FormEvent } from 'react';
import { ApiError, callContract } from '../../lib/api/client';
import { unsubscribeRequestContract, unsubscribeRequestSchema } from '../../lib/api/email-preferences.contract';
import { SpamTrap, TextField } from '../shared/FormFields';
import { failureText } from '../shared/lead-submission';

export default function UnsubscribeForm() {
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [state, setState] = useState<{ status: 'idle' | 'sending' | 'sent' | 'failed'; message: string }>({ status: 'idle', message: '' });
  const started = useRef(Date.now());
  const inputRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = unsubscribeRequestSchema.safeParse({ email, website, formStartTime: started.current });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      setState({ status: 'failed', message: 'Please check the email address.' });
      inputRef.current?.querySelector<HTMLInputElement>('#unsubscribe-email')?.focus();
      return;
    }
    setError(undefined);
    setState({ status: 'sending', message: 'Sending…' });
    try {
      const answer = await callContract(unsubscribeRequestContract, checked.data);
      setState({ status: 'sent', message: answer.message });
    } catch (failure) {
      if (failure instanceof ApiError) setError(failure.fields.email);
      setState({ status: 'failed', message: failureText(failure) });
    }
  };

  if (state.status === 'sent') return <p role="status" className="rounded-lg bg-brand-50 p-4 font-semibold text-brand-900" data-unsubscribe-sent>{state.message}</p>;
  return (
    <form ref={inputRef} onSubmit={(e) => void submit(e)} noValidate className="relative space-y-4">
      <TextField id="unsubscribe-email" label="Your email address" type="email" required value={email} onChange={setEmail} error={error} autoComplete="email" maxLength={254} />
      <SpamTrap id="unsubscribe-website" value={website} onChange={setWebsite} />
      <button type="submit" className="btn btn-primary px-5" disabled={state.status === 'sending'}>Email me the link</button>
      <p role={state.status === 'failed' ? 'alert' : 'status'} className={state.status === 'failed' ? 'font-semibold text-call-700' : 'text-sm'}>{state.message}</p>
    </form>
  );
}
