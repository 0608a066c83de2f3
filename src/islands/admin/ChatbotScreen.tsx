/**
 * /admin/chatbot: three tabs. Conversations: a server-paginated table (sort, search the transcript,
 * filter by handoff, rating, dates and archive) and the open transcript beside it on wide screens,
 * below it on phones, with notes, archive and "email transcript". Analytics: a date range, the
 * figures, a bar chart with the same numbers as a table. Quick responses: the chips the chat offers
 * by default, edited, reordered with Move up/down buttons, and switched on or off.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { Tabs } from 'radix-ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminChatNoteContract, chatNoteMaxLength, quickResponseFieldsSchema, type ConversationSummary, type QuickResponseRow } from '../../lib/api/admin/chatbot.contract';
import { chatIcons } from '../../lib/api/chat.contract';
import {
  $analytics, $chatbotTab, $conversationList, $conversationQuery, $openConversation, $quickNotice, $quickResponses, addNote, chatbotTabs, closeConversation,
  copyBuiltinChips, emailTranscript, loadAnalytics, loadConversations, loadQuickResponses, moveQuickResponse, openConversation, saveQuickResponse, setArchived,
  setConversationQuery, setQuickResponseActive, syncAddress, viewFromSearch, type AnalyticsData, type ChatbotTab, type ConversationQuery,
} from './chatbot.store';
import SortHeader from './SortHeader';
import { $staff, loadStaff } from './session.store';
import Pager from './Pager';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Chicago' });
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'America/Chicago' });
const when = (iso: string) => dateTime.format(new Date(iso));
const shortDay = (day: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

const tabLabels: Record<ChatbotTab, string> = { conversations: 'Conversations', analytics: 'Analytics', 'quick-responses': 'Quick responses' };

/** What each of the assistant's intents is about, in staff words. */
const topicLabels: Record<string, string> = {
  emergency: 'Emergencies', handoff: 'Asked for a person', complaint: 'Complaints', service_area: 'Service areas', membership: 'Memberships',
  payments: 'Payments and financing', pricing: 'Prices', scheduling: 'Scheduling', hours: 'Hours', licence: 'Licence and insurance',
  commercial: 'Commercial work', water_heater: 'Water heaters', leak: 'Leaks', drain: 'Drains', services: 'Other services', image: 'Photos',
  greeting: 'Greetings', thanks: 'Thanks', off_topic: 'Off topic', injection: 'Attempts to misuse the assistant',
};
const topicLabel = (intent: string) => topicLabels[intent] ?? intent.replace(/_/g, ' ');

const input = 'mt-1 w-full rounded-md border border-line px-3 py-2';
const small = 'btn btn-outline px-3 text-sm';

// ---------------------------------------------------------------- conversations

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ConversationSummary>();
const sortable: Partial<Record<string, ConversationQuery['sort']>> = { lastActivityAt: 'last_activity_at', messageCount: 'messages', rating: 'rating' };
const columns = column.columns([
  column.accessor('lastActivityAt', { header: 'Last message', cell: (c) => when(c.getValue()) }),
  column.accessor('firstMessage', { header: 'Visitor asked' }),
  column.accessor('messageCount', { header: 'Messages' }),
  column.accessor('needsHandoff', { header: 'Needs a person', cell: (c) => (c.getValue() ? 'Yes' : 'No') }),
  column.accessor('rating', { header: 'Rating', cell: (c) => (c.getValue() === null ? '—' : `${c.getValue()} of 5`) }),
  column.accessor('pageContext', { header: 'Page' }),
]);

function open(id: string) {
  void openConversation(id);
}

function ConversationTable() {
  const list = useStore($conversationList);
  const query = useStore($conversationQuery);
  const current = useStore($openConversation);
  const table = useTable({ features, columns, data: list.rows });
  return (
    <div className="mt-2 overflow-x-auto rounded-lg border border-line bg-white" tabIndex={0} role="region" aria-label="Conversations table (scrolls sideways on small screens)">
      <table className="w-full text-sm">
        <caption className="sr-only">Chat conversations, sorted by {query.sort.replace(/_/g, ' ')}, {query.dir === 'desc' ? 'highest or newest' : 'lowest or oldest'} first</caption>
        <thead className="bg-surface">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const key = sortable[header.column.id];
                const active = !!key && query.sort === key;
                return (
                  <SortHeader key={header.id} className={key ? 'whitespace-nowrap' : ''} sorted={active ? query.dir : false} onSort={key ? () => setConversationQuery({ sort: key, dir: active && query.dir === 'desc' ? 'asc' : 'desc' }) : undefined}>
                    {String(header.column.columnDef.header)}
                  </SortHeader>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => {
            const c = row.original;
            return (
              <tr key={c.id} className={current.conversation?.id === c.id ? 'bg-brand-50 align-top' : 'border-t border-line align-top'}>
                {row.getAllCells().map((cell) => {
                  if (cell.column.id === 'firstMessage') {
                    return (
                      <td key={cell.id} className="min-w-48 px-3 py-2">
                        <a href={`?id=${encodeURIComponent(c.id)}`} className="font-semibold" onClick={(e) => { e.preventDefault(); open(c.id); }}>
                          {c.firstMessage ?? '(no message)'}
                        </a>
                        {c.archivedAt && <span className="ml-2 rounded bg-surface px-1.5 text-xs text-muted">archived</span>}
                        {c.isDemo && <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900">demo</span>}
                      </td>
                    );
                  }
                  return <td key={cell.id} className={cell.column.id === 'lastActivityAt' ? 'px-3 py-2 whitespace-nowrap' : 'px-3 py-2'}><table.FlexRender cell={cell} /></td>;
                })}
              </tr>
            );
          })}
          {list.status === 'ready' && list.rows.length === 0 && <tr><td colSpan={columns.length} className="px-3 py-6 text-center text-muted">No conversations match.</td></tr>}
        </tbody>
      </table>
    </div>
  );
}

function ConversationFilters() {
  const query = useStore($conversationQuery);
  const id = useId();
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setConversationQuery({ q: String(form.get('q') ?? '').trim(), from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') });
  };
  const select = (name: 'handoff' | 'rating' | 'archived', label: string, options: [string, string][]) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-bold">{label}</label>
      <select id={`${id}-${name}`} value={query[name]} onChange={(e) => setConversationQuery({ [name]: e.target.value } as Partial<ConversationQuery>)} className="mt-1 rounded-md border border-line px-3 py-2">
        {options.map(([value, text]) => <option key={value} value={value}>{text}</option>)}
      </select>
    </div>
  );
  return (
    <form role="search" onSubmit={onSearch} className="flex flex-wrap items-end gap-3" aria-label="Find conversations">
      <div className="w-full sm:w-auto">
        <label htmlFor={`${id}-q`} className="block text-sm font-bold">Search the transcripts</label>
        <input id={`${id}-q`} name="q" type="search" defaultValue={query.q} maxLength={100} className="mt-1 w-full rounded-md border border-line px-3 py-2 sm:w-64" />
      </div>
      <div>
        <label htmlFor={`${id}-from`} className="block text-sm font-bold">From</label>
        <input id={`${id}-from`} name="from" type="date" defaultValue={query.from} min="2000-01-01" max="2099-12-31" className="mt-1 rounded-md border border-line px-3 py-2" />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className="block text-sm font-bold">To</label>
        <input id={`${id}-to`} name="to" type="date" defaultValue={query.to} min="2000-01-01" max="2099-12-31" className="mt-1 rounded-md border border-line px-3 py-2" />
      </div>
      {select('handoff', 'Needs a person', [['all', 'All'], ['yes', 'Asked for a person'], ['no', 'Did not ask']])}
      {select('rating', 'Rating', [['all', 'Any'], ['unrated', 'Not rated'], ['5', '5 stars'], ['4', '4 stars'], ['3', '3 stars'], ['2', '2 stars'], ['1', '1 star']])}
      {select('archived', 'Archive', [['no', 'Not archived'], ['yes', 'Archived'], ['all', 'Both']])}
      <button type="submit" className="btn btn-primary px-4">Search</button>
    </form>
  );
}

type NoteInput = z.input<typeof adminChatNoteContract.request>;

function NoteForm() {
  const id = useId();
  const { register, handleSubmit, reset, formState: { errors, isSubmitting } } = useForm<NoteInput>({ resolver: zodResolver(adminChatNoteContract.request), defaultValues: { body: '' } });
  const onSubmit = handleSubmit(async (values) => {
    if (await addNote(values.body)) reset();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="mt-2">
      <label htmlFor={`${id}-note`} className="block font-bold">Add a note</label>
      <textarea id={`${id}-note`} rows={3} maxLength={chatNoteMaxLength} {...register('body')} aria-invalid={errors.body ? true : undefined} aria-describedby={errors.body ? `${id}-note-error` : undefined} className={`${input} text-sm`} />
      {errors.body && <p id={`${id}-note-error`} className="mt-1 text-sm font-semibold text-red-700">{errors.body.message}</p>}
      <button type="submit" className="btn btn-primary mt-2 px-4 text-sm" disabled={isSubmitting}>Save note</button>
    </form>
  );
}

const actionLabels: Record<string, string> = { 'chat.archive': 'archived it', 'chat.unarchive': 'took it out of the archive', 'chat.note': 'added a note', 'chat.email': 'emailed the transcript to the office' };

function TranscriptPanel() {
  const state = useStore($openConversation);
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (state.status === 'ready') headingRef.current?.focus();
  }, [state.conversation?.id]);
  if (state.status === 'closed') return null;
  if (state.status === 'loading') return <section className="card p-5" aria-busy="true"><p>Loading the transcript…</p></section>;
  if (!state.conversation) return <section className="card p-5" role="alert"><p>{state.message}</p><button type="button" className={`${small} mt-3`} onClick={closeConversation}>Close</button></section>;
  const c = state.conversation;
  const busy = state.status === 'saving';
  const positive = c.feedback.filter((f) => f.feedback === 'positive').length;
  return (
    <section className="card min-w-0 p-4 sm:p-5" aria-labelledby={`${id}-heading`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="text-xl font-extrabold focus:outline-none">Transcript</h2>
          <p className="text-sm break-words text-muted">Started {when(c.createdAt)} on {c.pageContext || 'an unknown page'} · {c.id}</p>
        </div>
        <button type="button" className={small} onClick={closeConversation}>Close</button>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">Needs a person</dt><dd>{c.needsHandoff ? 'Yes' : 'No'}</dd>
        <dt className="font-semibold">Rating</dt><dd>{c.rating === null ? 'Not rated' : `${c.rating} of 5`}{c.endedAt ? ` (ended ${when(c.endedAt)})` : ''}</dd>
        <dt className="font-semibold">Thumbs</dt><dd>{c.feedback.length === 0 ? 'None' : `${positive} up, ${c.feedback.length - positive} down`}</dd>
        {c.archivedAt && (<><dt className="font-semibold">Archived</dt><dd>{when(c.archivedAt)}{c.archivedBy ? ` by ${c.archivedBy}` : ''}</dd></>)}
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary px-3 text-sm" disabled={busy} onClick={() => void emailTranscript()}>Email transcript to the office</button>
        <button type="button" className={small} disabled={busy} onClick={() => void setArchived(!c.archivedAt)}>{c.archivedAt ? 'Unarchive' : 'Archive'}</button>
      </div>
      <p role={state.tone === 'error' ? 'alert' : 'status'} className={state.tone === 'error' ? 'mt-2 text-sm font-semibold text-red-700' : 'mt-2 text-sm'}>{state.message}</p>

      <h3 className="mt-4 font-bold">Messages</h3>
      <ol className="mt-2 space-y-3">
        {c.messages.map((m) => (
          <li key={m.id} className={m.role === 'user' ? 'rounded-lg bg-brand-50 p-3' : 'rounded-lg border border-line p-3'}>
            <p className="text-xs text-muted">
              <span className="font-bold text-ink">{m.role === 'user' ? 'Visitor' : 'Assistant'}</span> · <time dateTime={m.at}>{time.format(new Date(m.at))}</time>
              {m.intent && <> · topic: {topicLabel(m.intent)}</>}
              {m.needsHandoff && <> · offered a person</>}
            </p>
            <p className="mt-1 text-sm whitespace-pre-wrap break-words">{m.content}</p>
            {m.imageUrl && <img src={m.imageUrl} alt="Photo the visitor attached" loading="lazy" className="mt-2 max-h-60 max-w-full rounded border border-line" />}
          </li>
        ))}
      </ol>
      {c.feedback.length > 0 && (
        <>
          <h3 className="mt-4 font-bold">Thumbs up and down</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {c.feedback.map((f, i) => <li key={i}>{f.feedback === 'positive' ? 'Helpful (thumbs up)' : 'Not helpful (thumbs down)'} · {when(f.at)}</li>)}
          </ul>
        </>
      )}
      <h3 className="mt-4 font-bold">Notes</h3>
      {c.notes.length === 0 ? <p className="text-sm text-muted">No notes yet.</p> : (
        <ul className="mt-1 space-y-2 text-sm">
          {c.notes.map((n) => <li key={n.id}><p className="whitespace-pre-wrap break-words">{n.body}</p><p className="text-xs text-muted">{n.author}, {when(n.at)}</p></li>)}
        </ul>
      )}
      <NoteForm />
      <h3 className="mt-4 font-bold">History</h3>
      {c.history.length === 0 ? <p className="text-sm text-muted">No changes yet.</p> : (
        <ul className="mt-1 space-y-1 text-sm">{c.history.map((h, i) => <li key={i}>{when(h.at)}: {h.actor} {actionLabels[h.action] ?? h.action}</li>)}</ul>
      )}
    </section>
  );
}

function ConversationsTab() {
  const list = useStore($conversationList);
  const query = useStore($conversationQuery);
  const current = useStore($openConversation);
  const pages = Math.max(1, Math.ceil(list.total / query.pageSize));
  return (
    <div className={current.status === 'closed' ? '' : 'grid gap-6 xl:grid-cols-[minmax(0,1fr)_28rem]'}>
      <div className="min-w-0">
        <ConversationFilters />
        <p role="status" className="mt-4 text-sm text-muted">
          {list.status === 'loading' ? 'Loading…' : list.status === 'error' ? '' : `${list.total} ${list.total === 1 ? 'conversation' : 'conversations'}${pages > 1 ? `, page ${query.page} of ${pages}` : ''}`}
        </p>
        {list.status === 'error' && <p role="alert" className="mt-2 font-semibold text-red-700">{list.message} <button type="button" className="underline" onClick={() => void loadConversations()}>Try again</button></p>}
        <ConversationTable />
        <Pager label="Pages" page={query.page} pages={pages} onPage={(page) => setConversationQuery({ page })} />
      </div>
      <TranscriptPanel />
    </div>
  );
}

// ---------------------------------------------------------------- analytics

function VolumeChart({ data }: { data: AnalyticsData }) {
  const max = Math.max(1, ...data.perDay.map((d) => d.conversations));
  const barWidth = 10;
  const gap = 4;
  const height = 120;
  const width = data.perDay.length * (barWidth + gap);
  return (
    <figure className="mt-2">
      <svg viewBox={`0 0 ${width} ${height + 2}`} preserveAspectRatio="none" className="h-36 w-full rounded border border-line bg-white" aria-hidden="true" focusable="false">
        {data.perDay.map((d, i) => {
          const h = (d.conversations / max) * height;
          return <rect key={d.day} x={i * (barWidth + gap) + gap / 2} y={height - h + 1} width={barWidth} height={Math.max(h, d.conversations > 0 ? 1 : 0)} className="fill-brand-700" />;
        })}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-muted"><span>{shortDay(data.from)}</span><span>busiest day: {max === 1 && data.conversations === 0 ? 0 : max} conversations</span><span>{shortDay(data.to)}</span></figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">Conversations per day as a table</summary>
        <div className="mt-2 max-h-72 overflow-y-auto rounded border border-line" tabIndex={0} role="region" aria-label="Conversations per day">
          <table className="w-full">
            <thead className="bg-surface"><tr><th scope="col" className="px-3 py-1 text-left">Day</th><th scope="col" className="px-3 py-1 text-right">Conversations</th></tr></thead>
            <tbody>{data.perDay.map((d) => <tr key={d.day} className="border-t border-line"><td className="px-3 py-1">{shortDay(d.day)}</td><td className="px-3 py-1 text-right">{d.conversations}</td></tr>)}</tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

function AnalyticsTab() {
  const state = useStore($analytics);
  const id = useId();
  const data = state.data;
  const onRange = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void loadAnalytics({ from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') });
  };
  const figure = (label: string, value: string) => <div className="card p-4"><dt className="text-sm text-muted">{label}</dt><dd className="text-2xl font-extrabold">{value}</dd></div>;
  const maxRating = data ? Math.max(1, ...Object.values(data.ratings.counts)) : 1;
  return (
    <div>
      <form onSubmit={onRange} className="flex flex-wrap items-end gap-3" aria-label="Date range">
        <div>
          <label htmlFor={`${id}-from`} className="block text-sm font-bold">From</label>
          <input key={`from-${data?.from}`} id={`${id}-from`} name="from" type="date" defaultValue={data?.from} min="2000-01-01" max="2099-12-31" className="mt-1 rounded-md border border-line px-3 py-2" />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="block text-sm font-bold">To</label>
          <input key={`to-${data?.to}`} id={`${id}-to`} name="to" type="date" defaultValue={data?.to} min="2000-01-01" max="2099-12-31" className="mt-1 rounded-md border border-line px-3 py-2" />
        </div>
        <button type="submit" className="btn btn-primary px-4">Show</button>
        <button type="button" className="btn btn-outline px-4" onClick={() => void loadAnalytics()}>Last 30 days</button>
      </form>
      <p role="status" className="mt-3 text-sm text-muted">{state.status === 'loading' ? 'Loading…' : data ? `${shortDay(data.from)} to ${shortDay(data.to)} (Central time)` : ''}</p>
      {state.status === 'error' && <p role="alert" className="mt-2 font-semibold text-red-700">{state.message}</p>}
      {data && (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
            {figure('Conversations', String(data.conversations))}
            {figure('Asked for a person', String(data.handoffs))}
            {figure('Average rating', data.ratings.average === null ? '—' : `${data.ratings.average.toFixed(1)} of 5`)}
            {figure('Thumbs up / down', `${data.feedback.positive} / ${data.feedback.negative}`)}
          </dl>
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <section aria-labelledby={`${id}-volume`} className="min-w-0">
              <h2 id={`${id}-volume`} className="text-lg font-extrabold">Conversations per day</h2>
              <VolumeChart data={data} />
            </section>
            <section aria-labelledby={`${id}-ratings`}>
              <h2 id={`${id}-ratings`} className="text-lg font-extrabold">Ratings</h2>
              <p className="text-sm text-muted">{data.ratings.rated} rated, {data.ratings.unrated} not rated.</p>
              <ul className="mt-2 space-y-1 text-sm">
                {([5, 4, 3, 2, 1] as const).map((stars) => (
                  <li key={stars} className="grid grid-cols-[4.5rem_minmax(0,1fr)_2.5rem] items-center gap-2">
                    <span>{stars} {stars === 1 ? 'star' : 'stars'}</span>
                    <span className="h-3 rounded bg-surface" aria-hidden="true"><span className="block h-3 rounded bg-brand-700" style={{ width: `${(data.ratings.counts[stars] / maxRating) * 100}%` }} /></span>
                    <span className="text-right">{data.ratings.counts[stars]}</span>
                  </li>
                ))}
              </ul>
            </section>
          </div>
          <section aria-labelledby={`${id}-topics`} className="mt-6">
            <h2 id={`${id}-topics`} className="text-lg font-extrabold">Most-asked topics</h2>
            <p className="text-sm text-muted">What the assistant recognised in each answer it gave.</p>
            {data.topics.length === 0 ? <p className="mt-2 text-sm">No answers in this range.</p> : (
              <ol className="mt-2 max-w-xl space-y-1 text-sm">
                {data.topics.map((t) => <li key={t.intent} className="flex justify-between gap-3 border-b border-line py-1"><span>{topicLabel(t.intent)}</span><span className="font-semibold">{t.count}</span></li>)}
              </ol>
            )}
          </section>
        </>
      )}
    </div>
  );
}

// ---------------------------------------------------------------- quick responses

type ChipInput = z.input<typeof quickResponseFieldsSchema>;
const iconLabels: Record<(typeof chatIcons)[number], string> = {
  AlertCircle: 'Alert', DollarSign: 'Dollar sign', Calendar: 'Calendar', Wrench: 'Wrench', Clock: 'Clock', HelpCircle: 'Question mark', CheckCircle: 'Check mark',
};

function ChipForm({ row, onDone }: { row: QuickResponseRow | null; onDone: () => void }) {
  const id = useId();
  const notice = useStore($quickNotice);
  const { register, handleSubmit, setFocus, formState: { errors, isSubmitting } } = useForm<ChipInput>({
    resolver: zodResolver(quickResponseFieldsSchema),
    defaultValues: row ? { label: row.label, message: row.message, icon: row.icon, isActive: row.isActive } : { label: '', message: '', icon: 'HelpCircle', isActive: true },
  });
  useEffect(() => setFocus('label'), [row?.id]);
  const onSubmit = handleSubmit(async (values) => {
    if (await saveQuickResponse(row?.id ?? null, values)) onDone();
  });
  const error = (name: keyof ChipInput) => errors[name]?.message ?? notice.fields[name];
  const field = (name: 'label' | 'message', label: string, hint: string, maxLength: number) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block font-bold">{label}</label>
      <input id={`${id}-${name}`} maxLength={maxLength} {...register(name)} aria-invalid={error(name) ? true : undefined} aria-describedby={`${id}-${name}-hint`} className={input} />
      <p id={`${id}-${name}-hint`} className={error(name) ? 'mt-1 text-sm font-semibold text-red-700' : 'mt-1 text-sm text-muted'}>{error(name) ?? hint}</p>
    </div>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="card mt-4 space-y-4 p-4 sm:p-5" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-xl font-extrabold">{row ? `Edit “${row.label}”` : 'Add a quick response'}</h2>
      {field('label', 'Chip label', 'What the chip says: at most 40 characters.', 40)}
      {field('message', 'Message it sends', 'What the visitor sends by tapping it, as if they had typed it.', 200)}
      <div>
        <label htmlFor={`${id}-icon`} className="block font-bold">Icon</label>
        <select id={`${id}-icon`} {...register('icon')} className="mt-1 rounded-md border border-line px-3 py-2">
          {chatIcons.map((icon) => <option key={icon} value={icon}>{iconLabels[icon]}</option>)}
        </select>
      </div>
      <label className="flex items-center gap-2 font-semibold"><input type="checkbox" {...register('isActive')} className="h-5 w-5" />Active (offered in the chat)</label>
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary px-4" disabled={isSubmitting}>{isSubmitting ? 'Saving…' : 'Save'}</button>
        <button type="button" className="btn btn-outline px-4" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
}

function QuickResponsesTab() {
  const state = useStore($quickResponses);
  const notice = useStore($quickNotice);
  const [editing, setEditing] = useState<QuickResponseRow | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const rows = state.data?.rows ?? [];
  const active = rows.filter((r) => r.isActive);

  const [focusAfter, setFocusAfter] = useState<string | null>(null);

  /** Runs a change, then puts focus back on the same control of the same chip (it may have moved). */
  const run = async (change: () => Promise<boolean>, focus?: string) => {
    setBusy(true);
    await change();
    setBusy(false);
    if (focus) setFocusAfter(focus);
  };
  useEffect(() => {
    if (busy || !focusAfter) return;
    setFocusAfter(null);
    // At the top or bottom the pressed button is disabled: its neighbour on the same chip takes focus.
    const [kind, id] = focusAfter.split(':');
    const other = kind === 'up' ? 'down' : kind === 'down' ? 'up' : kind!;
    const find = (k: string) => listRef.current?.querySelector<HTMLButtonElement>(`[data-focus="${k}:${id}"]`);
    const target = find(kind!);
    (target && !target.disabled ? target : find(other))?.focus();
  }, [busy, focusAfter, rows]);
  return (
    <div>
      <p className="max-w-2xl text-sm text-muted">
        When the assistant greets a visitor or cannot tell what they need, the chat offers these chips, active ones in this order (phones show the first three).
        Answers about a known topic keep their own chips, such as “Talk to a Person” after an emergency. Changes reach new replies within a minute.
      </p>
      {editing === undefined ? (
        <button type="button" className="btn btn-outline mt-3 px-4" onClick={() => { $quickNotice.set({ tone: 'info', text: '', fields: {} }); setEditing(null); }}>Add a quick response</button>
      ) : (
        <ChipForm key={editing?.id ?? 'new'} row={editing} onDone={() => setEditing(undefined)} />
      )}
      <p role={notice.tone === 'error' ? 'alert' : 'status'} className={notice.tone === 'error' ? 'mt-3 font-semibold text-red-700' : 'mt-3 text-sm'}>{notice.text}</p>
      {state.status === 'error' && <p role="alert" className="font-semibold text-red-700">{state.message}</p>}
      {state.status === 'ready' && active.length === 0 && (
        <div className="card mt-3 p-4">
          <p className="font-semibold">{rows.length === 0 ? 'No quick responses yet.' : 'Every quick response is switched off.'} The chat offers its built-in chips:</p>
          <ul className="mt-2 flex flex-wrap gap-2 text-sm">{state.data?.builtinDefaults.map((chip) => <li key={chip.label} className="rounded-full border border-line px-3 py-1">{chip.label}</li>)}</ul>
          {rows.length === 0 && <button type="button" className="btn btn-primary mt-3 px-4 text-sm" disabled={busy} onClick={() => void run(async () => { await copyBuiltinChips(); return true; })}>Copy the built-in chips to edit them</button>}
        </div>
      )}
      {rows.length > 0 && (
        <ol ref={listRef} className="mt-3 space-y-2" aria-label="Quick responses in the order the chat offers them">
          {rows.map((row, i) => (
            <li key={row.id} className="card flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-bold break-words">
                  <span className="sr-only">Place {i + 1}: </span>{row.label}
                  {!row.isActive && <span className="ml-2 rounded bg-surface px-1.5 text-xs font-normal text-muted">off</span>}
                </p>
                <p className="text-sm break-words text-muted">Sends “{row.message}” · icon: {iconLabels[row.icon]}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={small} data-focus={`up:${row.id}`} disabled={busy || i === 0} aria-label={`Move up “${row.label}”`} onClick={() => void run(() => moveQuickResponse(row, 'up'), `up:${row.id}`)}>Move up</button>
                <button type="button" className={small} data-focus={`down:${row.id}`} disabled={busy || i === rows.length - 1} aria-label={`Move down “${row.label}”`} onClick={() => void run(() => moveQuickResponse(row, 'down'), `down:${row.id}`)}>Move down</button>
                <button type="button" className={small} disabled={busy} aria-label={`Edit “${row.label}”`} onClick={() => { $quickNotice.set({ tone: 'info', text: '', fields: {} }); setEditing(row); }}>Edit</button>
                <button type="button" className={small} data-focus={`active:${row.id}`} disabled={busy} aria-label={`${row.isActive ? 'Switch off' : 'Switch on'} “${row.label}”`} onClick={() => void run(() => setQuickResponseActive(row, !row.isActive), `active:${row.id}`)}>{row.isActive ? 'Switch off' : 'Switch on'}</button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

// ---------------------------------------------------------------- the screen

export default function ChatbotScreen() {
  const staff = useStore($staff);
  const tab = useStore($chatbotTab);
  const loaded = useRef(new Set<ChatbotTab>());
  useEffect(() => {
    // The address is read once, before anything can rewrite it.
    const view = viewFromSearch(location.search);
    $chatbotTab.set(view.tab);
    $conversationQuery.set(view.query);
    void loadStaff().then(() => {
      if ($staff.get().status !== 'signed-in') return;
      load(view.tab);
      if (view.open) void openConversation(view.open);
    });
  }, []);
  const load = (which: ChatbotTab) => {
    if (loaded.current.has(which)) return;
    loaded.current.add(which);
    if (which === 'conversations') void loadConversations();
    else if (which === 'analytics') void loadAnalytics();
    else void loadQuickResponses();
  };
  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  const onTab = (value: string) => {
    const next = chatbotTabs.find((t) => t === value) ?? 'conversations';
    $chatbotTab.set(next);
    syncAddress();
    load(next);
  };
  return (
    <Tabs.Root value={tab} onValueChange={onTab} activationMode="manual">
      <Tabs.List aria-label="Chat assistant" className="grid grid-cols-3 gap-1 border-b border-line sm:flex">
        {chatbotTabs.map((t) => (
          <Tabs.Trigger key={t} value={t} className="-mb-px border-b-4 border-transparent px-2 py-2 text-sm leading-tight font-semibold sm:px-3 sm:text-base text-brand-700 hover:bg-brand-50 data-[state=active]:border-brand-700 data-[state=active]:text-ink">
            {tabLabels[t]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {chatbotTabs.map((t) => (
        <Tabs.Content key={t} value={t} className="pt-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700">
          {t === 'conversations' ? <ConversationsTab /> : t === 'analytics' ? <AnalyticsTab /> : <QuickResponsesTab />}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
