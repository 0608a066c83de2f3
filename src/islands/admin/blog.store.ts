/** /admin/blog: the list of posts, the post being edited, its live preview and its picture upload. */
import { atom } from 'nanostores';
import {
  adminBlogCreateContract, adminBlogImageUploadContract, adminBlogListContract, adminBlogPostContract, adminBlogPreviewContract, adminBlogUpdateContract,
  type PostRow, type PostStatus, type PostView,
} from '../../lib/api/admin/blog.contract';
import { apiRequest, callContract } from '../../lib/api/client';
import type { RequestInputOf } from '../../lib/api/contract';
import { loadPublishing } from './publishing.store';
import { handleAdminError } from './session.store';

export type PostFilter = PostStatus | 'all';
export type PostInput = RequestInputOf<typeof adminBlogCreateContract>;

export const $posts = atom<{ status: 'loading' | 'ready' | 'error'; rows: PostRow[]; message: string }>({ status: 'loading', rows: [], message: '' });
export const $postFilter = atom<PostFilter>('all');
/** The editor: closed, a new post, or a loaded post. */
export const $editing = atom<{ mode: 'closed' } | { mode: 'new' } | { mode: 'loading'; id: number } | { mode: 'edit'; post: PostView }>({ mode: 'closed' });
/** The outcome of the last change, read out by a live region. */
export const $blogNotice = atom<{ tone: 'info' | 'error'; text: string }>({ tone: 'info', text: '' });

export async function loadPosts(): Promise<void> {
  try {
    const filter = $postFilter.get();
    const { posts } = await callContract(adminBlogListContract, filter === 'all' ? {} : { status: filter });
    $posts.set({ status: 'ready', rows: posts, message: '' });
  } catch (error) {
    $posts.set({ ...$posts.get(), status: 'error', message: handleAdminError(error) });
  }
}

export function setPostFilter(filter: PostFilter): void {
  $postFilter.set(filter);
  void loadPosts();
}

export async function openPost(id: number): Promise<void> {
  $editing.set({ mode: 'loading', id });
  try {
    $editing.set({ mode: 'edit', post: await callContract(adminBlogPostContract, {}, undefined, { id }) });
  } catch (error) {
    $editing.set({ mode: 'closed' });
    $blogNotice.set({ tone: 'error', text: handleAdminError(error) });
  }
}

export const newPost = () => $editing.set({ mode: 'new' });
export const closeEditor = () => $editing.set({ mode: 'closed' });

const outcome: Record<PostStatus, string> = {
  draft: 'It is a draft: no public page shows it.',
  scheduled: 'It goes live by itself at the time you chose.',
  published: 'It reaches /blog, its page and the RSS feed with the next publish.',
};

/** Saves the post (new or existing). Returns the error and the fields the server named, or undefined when saved. */
export async function savePost(input: PostInput, id?: number): Promise<{ message: string; fields: Record<string, string> } | undefined> {
  try {
    const post = id === undefined ? await callContract(adminBlogCreateContract, input) : await callContract(adminBlogUpdateContract, input, undefined, { id });
    $editing.set({ mode: 'edit', post });
    $blogNotice.set({ tone: 'info', text: `Saved “${post.title}”. ${outcome[post.status]}` });
    void loadPosts();
    void loadPublishing();
    return undefined;
  } catch (error) {
    const message = handleAdminError(error);
    $blogNotice.set({ tone: 'error', text: message });
    return { message, fields: (error as { fields?: Record<string, string> }).fields ?? {} };
  }
}

/** The post's HTML as its page will show it. */
export async function previewHtml(content: string): Promise<string> {
  return (await callContract(adminBlogPreviewContract, { content })).html;
}

/** Uploads a featured picture; answers its id, size and editor address. */
export async function uploadPicture(file: File) {
  const form = new FormData();
  form.set('image', file);
  const response = await apiRequest('POST', adminBlogImageUploadContract.path, form);
  return adminBlogImageUploadContract.response.parse(await response.json());
}
