/**
 * /admin/tracking-numbers: the number each traffic source sees, and the rules that recognise the
 * source (URL parameters, utm sources, referrer fragments), edited as fields and checked by the
 * server's schema before saving. Exactly one channel is the default; it shows the office number.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { adminTrackingAddContract, adminTrackingListContract, adminTrackingUpdateContract, type TrackingRow } from '../../lib/api/admin/tracking-numbers.contract';
import { ApiError, callContract } from '../../lib/api/client';
import type { ReadOf } from '../../lib/api/contract';
import { $staff, handleAdminError, loadStaff } from './session.store';

const $channels = atom<{ status: 'loading' | 'ready' | 'error'; data?: ReadOf<typeof adminTrackingListContract>; message: string }>({ status: 'loading', message: '' });
const $notice = atom<{ tone: 'info' | 'error'; text: string; fields: Record<string, string> }>({ tone: 'info', text: '', fields: {} });

async function load(): Promise<void> {
  try {
    $channels.set({ status: 'ready', data: await callContract(adminTrackingListContract, undefined), message: '' });
  } catch (error) {
    $channels.set({ status: 'error', message: handleAdminError(error) });
  }
}

const list = (text: string) => text.split(',').map((s) => s.trim()).filter(Boolean);

function ChannelForm({ channel, onDone }: { channel: TrackingRow | null; onDone: () => void }) {
  const id = useId();
  const notice = useStore($notice);
  const [busy, setBusy] = useState(false);
  const firstRef = useRef<HTMLInputElement>(null);
  useEffect(() => firstRef.current?.focus(), [channel?.id]);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields = {
      displayNumber: String(form.get('displayNumber') ?? ''),
      isActive: form.get('isActive') === 'on',
      isDefault: form.get('isDefault') === 'on',
      sortOrder: Number(form.get('sortOrder') ?? 0),
      rules: { urlParams: list(String(form.get('urlParams') ?? '')), utmSources: list(String(form.get('utmSources') ?? '')), referrerIncludes: list(String(form.get('referrerIncludes') ?? '')) },
    };
    setBusy(true);
    try {
      const saved = channel
        ? await callContract(adminTrackingUpdateContract, fields, undefined, { id: channel.id })
        : await callContract(adminTrackingAddContract, { channelKey: String(form.get('channelKey') ?? ''), ...fields });
      $notice.set({ tone: 'info', text: `Saved ${saved.channelKey}: visitors from it see ${saved.shownNumber} within five minutes, and the pages carry it after the next publish.`, fields: {} });
      await load();
      onDone();
    } catch (error) {
      $notice.set({ tone: 'error', text: handleAdminError(error), fields: error instanceof ApiError ? error.fields : {} });
    } finally {
      setBusy(false);
    }
  };
  const err = (name: string) => Object.entries(notice.fields).find(([k]) => k === name || k.startsWith(`${name}.`) || k.startsWith(`rules.${name}`))?.[1];
  const input = 'mt-1 w-full rounded-md border border-line px-3 py-2';
  const field = (name: string, label: string, value: string, hint: string, ref?: React.Ref<HTMLInputElement>) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block font-bold">{label}</label>
      <input ref={ref} id={`${id}-${name}`} name={name} defaultValue={value} aria-describedby={`${id}-${name}-hint`} aria-invalid={err(name) ? true : undefined} className={input} />
      <p id={`${id}-${name}-hint`} className={err(name) ? 'mt-1 text-sm font-semibold text-red-700' : 'mt-1 text-sm text-muted'}>{err(name) ?? hint}</p>
    </div>
  );
  return (
    <form key={channel?.id ?? 'new'} onSubmit={submit} noValidate className="card mt-4 space-y-4 p-5" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-xl font-extrabold">{channel ? `Edit ${channel.channelKey}` : 'Add a channel'}</h2>
      {!channel && field('channelKey', 'Channel name', '', 'Lower-case letters, digits or dashes, e.g. angi.', firstRef)}
      {field('displayNumber', 'Phone number', channel?.displayNumber ?? '', channel?.isDefault ? 'The default channel always shows the office number.' : 'Blank shows the office number.', channel ? firstRef : undefined)}
      {field('urlParams', 'URL parameters', channel?.rules.urlParams.join(', ') ?? '', 'Comma-separated; a visit whose address has one of them, e.g. gclid.')}
      {field('utmSources', 'utm_source values', channel?.rules.utmSources.join(', ') ?? '', 'Comma-separated, e.g. google, youtube.')}
      {field('referrerIncludes', 'Referrer contains', channel?.rules.referrerIncludes.join(', ') ?? '', 'Comma-separated, e.g. yelp.com.')}
      <div>
        <label htmlFor={`${id}-sortOrder`} className="block font-bold">Order</label>
        <input id={`${id}-sortOrder`} name="sortOrder" type="number" min={0} max={1000} defaultValue={channel?.sortOrder ?? 100} aria-describedby={`${id}-sortOrder-hint`} className="mt-1 w-32 rounded-md border border-line px-3 py-2" />
        <p id={`${id}-sortOrder-hint`} className="mt-1 text-sm text-muted">Channels are tried from the lowest number; the first that matches wins.</p>
      </div>
      <div className="flex flex-wrap gap-6">
        <label className="flex items-center gap-2 font-semibold"><input type="checkbox" name="isActive" defaultChecked={channel?.isActive ?? true} className="h-5 w-5" />Active</label>
        <label className="flex items-center gap-2 font-semibold"><input type="checkbox" name="isDefault" defaultChecked={channel?.isDefault ?? false} className="h-5 w-5" />Default (shown when no channel matches)</label>
      </div>
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary px-4" disabled={busy}>{busy ? 'Saving…' : 'Save'}</button>
        <button type="button" className="btn btn-outline px-4" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

export default function TrackingNumbersScreen() {
  const staff = useStore($staff);
  const channels = useStore($channels);
  const notice = useStore($notice);
  const [editing, setEditing] = useState<TrackingRow | null | undefined>(undefined);
  useEffect(() => {
    void loadStaff().then(() => ($staff.get().status === 'signed-in' ? load() : undefined));
  }, []);
  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  const rules = (c: TrackingRow) => [...c.rules.urlParams.map((p) => `?${p}`), ...c.rules.utmSources.map((u) => `utm_source=${u}`), ...c.rules.referrerIncludes.map((r) => `from ${r}`)].join(', ') || '—';
  return (
    <div>
      {editing === undefined ? (
        <button type="button" className="btn btn-outline px-4" onClick={() => setEditing(null)}>Add a channel</button>
      ) : (
        <ChannelForm channel={editing} onDone={() => setEditing(undefined)} />
      )}
      <p role={notice.tone === 'error' ? 'alert' : 'status'} className={notice.tone === 'error' ? 'mt-3 font-semibold text-red-700' : 'mt-3 text-sm'}>{notice.text}</p>
      {channels.status === 'error' && <p role="alert">{channels.message}</p>}
      <div className="mt-2 overflow-x-auto rounded-lg border border-line bg-white" tabIndex={0} role="region" aria-label="Channels (scrolls sideways on small screens)">
        <table className="w-full text-sm">
          <thead className="bg-surface"><tr><th scope="col" className="px-3 py-2 text-left">Channel</th><th scope="col" className="px-3 py-2 text-left">Shows</th><th scope="col" className="px-3 py-2 text-left">Recognised by</th><th scope="col" className="px-3 py-2 text-left">State</th><th scope="col" className="px-3 py-2 text-left"><span className="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {channels.data?.channels.map((c) => (
              <tr key={c.id} className="border-t border-line align-top">
                <td className="px-3 py-2 font-semibold">{c.channelKey}{c.isDemo && <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs font-normal text-amber-900">demo</span>}</td>
                <td className="px-3 py-2 whitespace-nowrap">{c.shownNumber}</td>
                <td className="px-3 py-2 break-words">{rules(c)}</td>
                <td className="px-3 py-2">{c.isDefault ? 'Default' : c.isActive ? 'Active' : 'Off'}</td>
                <td className="px-3 py-2"><button type="button" className="btn btn-outline px-3 text-sm" onClick={() => { $notice.set({ tone: 'info', text: '', fields: {} }); setEditing(c); }}>Edit {c.channelKey}</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
