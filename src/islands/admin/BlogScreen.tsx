/**
 * /admin/blog: every post with its status, and the editor: Markdown beside a live preview (the HTML
 * the build makes, from the server), title, slug, excerpt, meta description, category, author, a
 * featured picture with alt text, and draft / scheduled / published. Unpublish makes a post a draft.
 * Publishing below says what is live and what waits for the next build (with a failed build's log).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { z } from 'zod';
import { postFields, postStatuses, type PostRow, type PostStatus, type PostView } from '../../lib/api/admin/blog.contract';
import { described, Field, fieldClass } from './AdminForm';
import PublishingPanel, { when } from './PublishingPanel';
import { $blogNotice, $editing, $postFilter, $posts, closeEditor, loadPosts, newPost, openPost, previewHtml, savePost, setPostFilter, uploadPicture, type PostFilter } from './blog.store';
import { $staff, loadStaff } from './session.store';

const statusLabel: Record<PostStatus, string> = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' };
const statusTone: Record<PostStatus, string> = { draft: 'bg-gray-200 text-ink', scheduled: 'bg-amber-100 text-amber-900', published: 'bg-green-100 text-green-900' };

const editorForm = z.object({
  title: postFields.title,
  slug: postFields.slug,
  excerpt: postFields.excerpt,
  metaDescription: postFields.metaDescription,
  category: postFields.category,
  author: postFields.author,
  content: postFields.content,
  status: postFields.status,
  publishAtLocal: z.string(),
  featuredAlt: z.string().trim().max(200, 'Alt text has at most 200 characters.'),
}).superRefine((value, ctx) => {
  if (value.status === 'scheduled' && !value.publishAtLocal) ctx.addIssue({ code: 'custom', path: ['publishAtLocal'], message: 'Choose when the post goes live.' });
});
type EditorInput = z.input<typeof editorForm>;
type EditorOutput = z.output<typeof editorForm>;
type Picture = { id: string; url: string; width: number; height: number };

/** A title as a slug: lower-case words joined by dashes. */
export const slugFromTitle = (title: string) => title.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80).replace(/-+$/, '');

/** An ISO time as the value of a datetime-local input, in the browser's time zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}


/** The preview: the server renders and sanitises the Markdown as the build does, a moment after typing stops. */
function Preview({ content, headingId }: { content: string; headingId: string }) {
  const [html, setHtml] = useState('');
  const [problem, setProblem] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      previewHtml(content).then((h) => { setHtml(h); setProblem(''); }, (error: unknown) => setProblem(error instanceof Error ? error.message.replace(/^\d+: /, '') : 'The preview could not be made.'));
    }, 350);
    return () => clearTimeout(timer);
  }, [content]);
  return (
    // Focusable so a keyboard can scroll a long preview.
    <section aria-labelledby={headingId} tabIndex={0} className="max-h-[40rem] overflow-y-auto rounded-md border border-line bg-white p-4">
      <h3 id={headingId} className="text-sm font-bold tracking-wide text-muted uppercase">Preview</h3>
      {problem && <p role="alert" className="text-sm font-semibold text-red-700">{problem}</p>}
      <div className="prose-copy mt-2" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

function PictureField({ id, picture, setPicture, register, altError }: { id: string; picture: Picture | null; setPicture: (p: Picture | null) => void; register: ReturnType<typeof useForm<EditorInput, unknown, EditorOutput>>['register']; altError?: FieldError }) {
  const [state, setState] = useState<{ busy: boolean; error: string }>({ busy: false, error: '' });
  const input = useRef<HTMLInputElement>(null);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setState({ busy: true, error: '' });
    try {
      setPicture(await uploadPicture(file));
      setState({ busy: false, error: '' });
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message.replace(/^\d+: /, '') : 'The picture could not be uploaded.' });
    }
    if (input.current) input.current.value = '';
  };
  return (
    <fieldset className="space-y-2 rounded-md border border-line p-3">
      <legend className="px-1 font-bold">Featured picture (optional)</legend>
      {picture && <img src={picture.url} alt="" width={picture.width} height={picture.height} className="h-auto max-h-48 w-auto rounded" />}
      <div>
        <label htmlFor={`${id}-file`} className="block text-sm font-semibold">{picture ? 'Replace the picture' : 'Upload a picture'}</label>
        <input ref={input} id={`${id}-file`} type="file" accept="image/jpeg,image/png,image/webp,image/gif,image/heic" className="mt-1 text-sm" aria-describedby={`${id}-file-hint`} disabled={state.busy} onChange={(e) => void onFile(e.target.files?.[0])} />
        <p id={`${id}-file-hint`} className="mt-1 text-sm text-muted">JPEG, PNG, WebP, GIF or HEIC, at most 8 MB. It is shown above the post and when the post is shared.</p>
        {state.busy && <p role="status" className="text-sm">Uploading…</p>}
        {state.error && <p role="alert" className="text-sm font-semibold text-red-700">{state.error}</p>}
      </div>
      {picture && (
        <>
          <Field id={`${id}-alt`} label="Describe the picture (alt text)" error={altError} hint="What it shows, for people who cannot see it.">
            <input id={`${id}-alt`} {...register('featuredAlt')} {...described(`${id}-alt`, altError, true)} className={fieldClass} />
          </Field>
          <button type="button" className="btn btn-outline min-h-9 px-3 text-sm" onClick={() => setPicture(null)}>Remove the picture</button>
        </>
      )}
    </fieldset>
  );
}

function Editor({ post }: { post: PostView | null }) {
  const id = useId();
  const [picture, setPicture] = useState<Picture | null>(post?.featuredImage ?? null);
  const [serverError, setServerError] = useState('');
  const slugTouched = useRef(Boolean(post));
  const { register, handleSubmit, watch, setValue, setError, formState: { errors, isSubmitting } } = useForm<EditorInput, unknown, EditorOutput>({
    resolver: zodResolver(editorForm),
    defaultValues: {
      title: post?.title ?? '', slug: post?.slug ?? '', excerpt: post?.excerpt ?? '', metaDescription: post?.metaDescription ?? '',
      category: post?.category ?? '', author: post?.author ?? 'Economy Plumbing Services', content: post?.content ?? '',
      status: post?.status ?? 'draft', publishAtLocal: localInput(post?.publishAt ?? null), featuredAlt: post?.featuredImage?.alt ?? '',
    },
  });
  const status = watch('status');
  const content = watch('content');
  const submit = (override?: PostStatus) => handleSubmit(async (values) => {
    const nextStatus = override ?? values.status;
    if (picture && values.featuredAlt.length < 3) {
      setError('featuredAlt', { message: 'Describe the picture for people who cannot see it (at least 3 characters).' });
      return;
    }
    const failure = await savePost({
      title: values.title, slug: values.slug, excerpt: values.excerpt, metaDescription: values.metaDescription, category: values.category, author: values.author, content: values.content,
      status: nextStatus,
      publishAt: nextStatus === 'scheduled' ? new Date(values.publishAtLocal).toISOString() : null,
      featuredImage: picture ? { id: picture.id, alt: values.featuredAlt } : null,
    }, post?.id);
    setServerError(failure?.message ?? '');
    const known = ['title', 'slug', 'excerpt', 'metaDescription', 'category', 'author', 'content', 'status'] as const;
    for (const [field, message] of Object.entries(failure?.fields ?? {})) {
      if ((known as readonly string[]).includes(field)) setError(field as (typeof known)[number], { message });
      if (field === 'publishAt') setError('publishAtLocal', { message });
      if (field.startsWith('featuredImage')) setError('featuredAlt', { message });
    }
    if (override) setValue('status', override);
  });
  const unpublish = () => {
    if (window.confirm('Unpublish this post? It becomes a draft, and after the next publish /blog, its page and the RSS feed no longer show it.')) void submit('draft')();
  };
  const titleField = register('title');
  return (
    <form onSubmit={submit()} noValidate className="space-y-4" aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-xl font-extrabold">{post ? `Edit “${post.title}”` : 'New post'}</h2>
        <button type="button" className="btn btn-outline px-3 text-sm" onClick={closeEditor}>Back to all posts</button>
      </div>
      {post && <p className="text-sm text-muted">Now <StatusBadge status={post.status} />{post.status === 'published' ? <> at <a className="underline" href={`/${post.slug}`}>/{post.slug}</a> (after the publish that follows each change)</> : null}. Last changed {when(post.updatedAt)}{post.updatedBy ? ` by ${post.updatedBy}` : ''}.</p>}
      <div className="grid gap-4 md:grid-cols-2">
        <Field id={`${id}-title`} label="Title" error={errors.title}>
          <input id={`${id}-title`} {...titleField} onBlur={(e) => { void titleField.onBlur(e); if (!slugTouched.current && e.target.value) setValue('slug', slugFromTitle(e.target.value)); }} {...described(`${id}-title`, errors.title)} className={fieldClass} />
        </Field>
        <Field id={`${id}-slug`} label="Slug" error={errors.slug} hint="The post's address: /slug. Lower-case words joined by dashes; it cannot be the address of another page.">
          <input id={`${id}-slug`} {...register('slug', { onChange: () => { slugTouched.current = true; } })} {...described(`${id}-slug`, errors.slug, true)} className={fieldClass} />
        </Field>
        <Field id={`${id}-category`} label="Category" error={errors.category}>
          <input id={`${id}-category`} {...register('category')} {...described(`${id}-category`, errors.category)} className={fieldClass} />
        </Field>
        <Field id={`${id}-author`} label="Author" error={errors.author}>
          <input id={`${id}-author`} {...register('author')} {...described(`${id}-author`, errors.author)} className={fieldClass} />
        </Field>
        <Field id={`${id}-excerpt`} label="Excerpt" error={errors.excerpt} hint="Shown on /blog; at most 300 characters.">
          <textarea id={`${id}-excerpt`} rows={3} {...register('excerpt')} {...described(`${id}-excerpt`, errors.excerpt, true)} className={fieldClass} />
        </Field>
        <Field id={`${id}-meta`} label="Meta description" error={errors.metaDescription} hint="What search results show; at most 160 characters. Empty: the excerpt is used.">
          <textarea id={`${id}-meta`} rows={3} {...register('metaDescription')} {...described(`${id}-meta`, errors.metaDescription, true)} className={fieldClass} />
        </Field>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Field id={`${id}-content`} label="Post (Markdown)" error={errors.content} hint="## and ### for headings, - for lists, [text](/page) for links. The preview shows what the page will show.">
          <textarea id={`${id}-content`} rows={22} {...register('content')} {...described(`${id}-content`, errors.content, true)} className={`${fieldClass} font-mono text-sm`} />
        </Field>
        <Preview content={content} headingId={`${id}-preview`} />
      </div>
      <PictureField id={id} picture={picture} setPicture={setPicture} register={register} altError={errors.featuredAlt} />
      <fieldset className="space-y-2 rounded-md border border-line p-3">
        <legend className="px-1 font-bold">Status</legend>
        {postStatuses.map((s) => (
          <label key={s} className="flex items-start gap-2">
            <input type="radio" value={s} {...register('status')} className="mt-1 h-5 w-5" />
            <span><span className="font-semibold">{statusLabel[s]}</span> <span className="text-sm text-muted">{s === 'draft' ? 'on no public page' : s === 'scheduled' ? 'goes live by itself at the time below' : 'on /blog, its page and the RSS feed after the next publish'}</span></span>
          </label>
        ))}
        {status === 'scheduled' && (
          <Field id={`${id}-at`} label="Goes live at (your time zone)" error={errors.publishAtLocal}>
            <input id={`${id}-at`} type="datetime-local" {...register('publishAtLocal')} {...described(`${id}-at`, errors.publishAtLocal)} className={`${fieldClass} max-w-64`} />
          </Field>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary px-4" disabled={isSubmitting}>Save</button>
        {post?.status === 'published' && <button type="button" className="btn btn-outline px-4" disabled={isSubmitting} onClick={unpublish}>Unpublish</button>}
      </div>
      {serverError && <p role="alert" className="text-sm font-semibold text-red-700">{serverError}</p>}
    </form>
  );
}

function StatusBadge({ status }: { status: PostStatus }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs font-bold whitespace-nowrap ${statusTone[status]}`}>{statusLabel[status]}</span>;
}

function dateLine(p: PostRow): string {
  if (p.status === 'scheduled' && p.publishAt) return `Goes live ${when(p.publishAt)}`;
  if (p.status === 'published') return `Published ${when(p.publishDate)}`;
  return `Changed ${when(p.updatedAt)}`;
}

function PostList() {
  const posts = useStore($posts);
  const filter = useStore($postFilter);
  const id = useId();
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <label htmlFor={`${id}-filter`} className="block text-sm font-bold">Show</label>
          <select id={`${id}-filter`} value={filter} onChange={(e) => setPostFilter(e.target.value as PostFilter)} className="mt-1 rounded-md border border-line px-3 py-2">
            <option value="all">All posts</option>
            <option value="published">Published</option>
            <option value="scheduled">Scheduled</option>
            <option value="draft">Drafts</option>
          </select>
        </div>
        <button type="button" className="btn btn-primary px-4" onClick={newPost}>New post</button>
      </div>
      {posts.status === 'error' && <p role="alert" className="font-semibold text-red-700">{posts.message}</p>}
      {posts.status === 'loading' && <p aria-busy="true">Loading the posts…</p>}
      <ul className="divide-y divide-line rounded-lg border border-line bg-white" aria-label="Blog posts">
        {posts.rows.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="font-semibold break-words">{p.title}</p>
              <p className="text-sm text-muted break-all">/{p.slug} · {p.category}</p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm"><StatusBadge status={p.status} /><span>{dateLine(p)}</span></p>
            </div>
            <button type="button" className="btn btn-outline min-h-9 px-3 text-sm" aria-label={`Edit ${p.title}`} onClick={() => void openPost(p.id)}>Edit</button>
          </li>
        ))}
        {posts.status === 'ready' && posts.rows.length === 0 && <li className="px-4 py-6 text-center text-muted">No posts here yet.</li>}
      </ul>
    </div>
  );
}

export default function BlogScreen() {
  const staff = useStore($staff);
  const editing = useStore($editing);
  const notice = useStore($blogNotice);
  useEffect(() => {
    void loadStaff().then(() => ($staff.get().status === 'signed-in' ? loadPosts() : undefined));
  }, []);
  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  return (
    <div className="space-y-6">
      <p role={notice.tone === 'error' ? 'alert' : 'status'} className={notice.tone === 'error' ? 'font-semibold text-red-700' : 'text-sm'}>{notice.text}</p>
      {editing.mode === 'closed' && <PostList />}
      {editing.mode === 'loading' && <p aria-busy="true">Opening the post…</p>}
      {editing.mode === 'new' && <Editor key="new" post={null} />}
      {editing.mode === 'edit' && <Editor key={`${editing.post.id}-${editing.post.updatedAt}`} post={editing.post} />}
      <PublishingPanel />
    </div>
  );
}
