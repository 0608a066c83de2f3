/**
 * /admin/success-stories: stories customers sent, newest first. Staff correct the wording, choose
 * which photos show, feature a story, approve it (it reaches /success-stories and its service page
 * after the next publish), take it down, or delete it. Spam is listed only when asked for.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adminStoryDeleteContract, adminStoryListContract, adminStoryUpdateContract, type StoryRow } from '../../lib/api/admin/success-stories.contract';
import { callContract } from '../../lib/api/client';
import { storyCityIds, storyServices } from '../../lib/api/success-stories.contract';
import { cities } from '../../business/cities';
import PublishingPanel, { when } from './PublishingPanel';
import { loadPublishing } from './publishing.store';
import { $staff, handleAdminError, loadStaff } from './session.store';

type Filter = 'pending' | 'approved' | 'spam';
const $stories = atom<{ status: 'loading' | 'ready' | 'error'; rows: StoryRow[]; message: string }>({ status: 'loading', rows: [], message: '' });
const $filter = atom<Filter>('pending');
const $notice = atom<{ tone: 'info' | 'error'; text: string }>({ tone: 'info', text: '' });

async function loadStories(): Promise<void> {
  try {
    $stories.set({ status: 'ready', rows: (await callContract(adminStoryListContract, { status: $filter.get() })).stories, message: '' });
  } catch (error) {
    $stories.set({ ...$stories.get(), status: 'error', message: handleAdminError(error) });
  }
}

async function change(run: () => Promise<unknown>, done: string): Promise<string | undefined> {
  try {
    await run();
    $notice.set({ tone: 'info', text: done });
    void loadStories();
    void loadPublishing();
    return undefined;
  } catch (error) {
    const text = handleAdminError(error);
    $notice.set({ tone: 'error', text });
    return text;
  }
}

type Input = z.input<typeof adminStoryUpdateContract.request>;
const fieldClass = 'mt-1 w-full rounded-md border border-line px-3 py-2';
const cityName = (id: string) => cities.find((c) => c.id === id)?.name ?? id;

function StoryCard({ story }: { story: StoryRow }) {
  const id = useId();
  const [serverError, setServerError] = useState('');
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<Input, unknown, z.output<typeof adminStoryUpdateContract.request>>({
    resolver: zodResolver(adminStoryUpdateContract.request),
    defaultValues: {
      name: story.name, city: story.city, service: story.service, story: story.story,
      showBefore: story.before?.shown ?? true, showAfter: story.after?.shown ?? true, featured: story.featured, status: story.status === 'approved' ? 'approved' : 'pending',
    },
  });
  const save = (status: 'pending' | 'approved', done: string) => handleSubmit(async (values) => {
    setServerError((await change(() => callContract(adminStoryUpdateContract, { ...values, status }, undefined, { id: story.id }), done)) ?? '');
  });
  const remove = () => {
    if (window.confirm(`Delete the story from ${story.name}? Its photos are deleted too${story.status === 'approved' ? ', and the site stops showing it after the next publish' : ''}.`)) {
      void change(() => callContract(adminStoryDeleteContract, {}, undefined, { id: story.id }), `Deleted the story from ${story.name}.`);
    }
  };
  const error = (key: keyof Input) => (errors[key]?.message ? <p id={`${id}-${key}-error`} className="mt-1 text-sm font-semibold text-red-700">{errors[key]?.message}</p> : null);
  const invalid = (key: keyof Input) => ({ 'aria-invalid': errors[key] ? true : undefined, 'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined });
  return (
    <li className="card p-4">
      <form onSubmit={save(story.status === 'approved' ? 'approved' : 'pending', `Saved the story from ${story.name}.`)} noValidate className="space-y-3" aria-label={`Story from ${story.name}`}>
        <p className="text-sm text-muted">Sent {when(story.createdAt)}; consent to publish given {when(story.consentAt)}.{story.approvedBy && story.approvedAt ? ` Approved by ${story.approvedBy}, ${when(story.approvedAt)}.` : ''}{story.spamReason ? ` Marked as spam (${story.spamReason}).` : ''}</p>
        <div className="grid gap-3 md:grid-cols-3">
          <div><label htmlFor={`${id}-name`} className="block font-bold">Name</label><input id={`${id}-name`} {...register('name')} {...invalid('name')} className={fieldClass} />{error('name')}</div>
          <div>
            <label htmlFor={`${id}-city`} className="block font-bold">City</label>
            <select id={`${id}-city`} {...register('city')} className={fieldClass}>{storyCityIds.map((c) => <option key={c} value={c}>{cityName(c)}</option>)}</select>
          </div>
          <div>
            <label htmlFor={`${id}-service`} className="block font-bold">Service</label>
            <select id={`${id}-service`} {...register('service')} className={fieldClass}>{storyServices.map((s) => <option key={s.id} value={s.id}>{s.label}</option>)}</select>
          </div>
        </div>
        <div><label htmlFor={`${id}-story`} className="block font-bold">Story</label><textarea id={`${id}-story`} rows={5} {...register('story')} {...invalid('story')} className={fieldClass} />{error('story')}</div>
        {(story.before || story.after) && (
          <div className="flex flex-wrap gap-4">
            {([['before', 'showBefore', story.before], ['after', 'showAfter', story.after]] as const).filter(([, , p]) => p).map(([label, key, p]) => (
              <div key={label}>
                <img src={p!.url} alt={`The ${label} photo ${story.name} sent`} width={p!.width} height={p!.height} className="h-32 w-auto rounded" />
                <label className="mt-1 flex items-center gap-2 text-sm font-semibold"><input type="checkbox" {...register(key)} className="h-5 w-5" />Show the {label} photo</label>
              </div>
            ))}
          </div>
        )}
        <label className="flex items-center gap-2 font-semibold"><input type="checkbox" {...register('featured')} className="h-5 w-5" />Feature it (shown first)</label>
        <div className="flex flex-wrap gap-2">
          {story.status === 'spam' ? null : story.status === 'approved'
            ? <><button type="submit" className="btn btn-primary px-3 text-sm" disabled={isSubmitting}>Save</button><button type="button" className="btn btn-outline px-3 text-sm" disabled={isSubmitting} onClick={() => void save('pending', `The story from ${story.name} waits again; the site stops showing it after the next publish.`)()}>Take down</button></>
            : <><button type="button" className="btn btn-primary px-3 text-sm" disabled={isSubmitting} onClick={() => void save('approved', `Approved the story from ${story.name}. It appears after the next publish.`)()}>Approve</button><button type="submit" className="btn btn-outline px-3 text-sm" disabled={isSubmitting}>Save without approving</button></>}
          <button type="button" className="btn btn-outline px-3 text-sm" onClick={remove}>Delete</button>
        </div>
        {serverError && <p role="alert" className="text-sm font-semibold text-red-700">{serverError}</p>}
      </form>
    </li>
  );
}

export default function SuccessStoriesScreen() {
  const staff = useStore($staff);
  const stories = useStore($stories);
  const filter = useStore($filter);
  const notice = useStore($notice);
  const id = useId();
  useEffect(() => {
    void loadStaff().then(() => ($staff.get().status === 'signed-in' ? loadStories() : undefined));
  }, []);
  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={`${id}-filter`} className="block text-sm font-bold">Show</label>
        <select id={`${id}-filter`} value={filter} onChange={(e) => { $filter.set(e.target.value as Filter); void loadStories(); }} className="mt-1 rounded-md border border-line px-3 py-2">
          <option value="pending">Waiting for approval</option>
          <option value="approved">Approved</option>
          <option value="spam">Spam</option>
        </select>
      </div>
      <p role={notice.tone === 'error' ? 'alert' : 'status'} className={notice.tone === 'error' ? 'font-semibold text-red-700' : 'text-sm'}>{notice.text}</p>
      {stories.status === 'error' && <p role="alert" className="font-semibold text-red-700">{stories.message}</p>}
      {stories.status === 'loading' && <p aria-busy="true">Loading the stories…</p>}
      <ul className="space-y-3" aria-label="Success stories">
        {stories.rows.map((s) => <StoryCard key={`${s.id}-${s.status}-${s.approvedAt}`} story={s} />)}
        {stories.status === 'ready' && stories.rows.length === 0 && <li className="text-muted">No stories here.</li>}
      </ul>
      <PublishingPanel />
    </div>
  );
}
