/**
 * Publishing, the 404 log and redirects for the admin screens: what waits for the next build, the
 * last builds, the missing paths with suggested pages, and the redirects (each change waits for a publish).
 */
import { atom } from 'nanostores';
import { adminNotFoundContract, adminPublishingContract, adminPublishNowContract, adminRedirectCreateContract, adminRedirectDeleteContract, adminRedirectListContract, adminRedirectUpdateContract, type PublishingState, type RedirectInput, type RedirectView } from '../../lib/api/admin/publishing.contract';
import { callContract } from '../../lib/api/client';
import type { QueryOf, ReadOf } from '../../lib/api/contract';
import { handleAdminError } from './session.store';

export type NotFoundQuery = QueryOf<typeof adminNotFoundContract>;

export const $publishing = atom<{ status: 'loading' | 'ready' | 'error'; data?: PublishingState; message: string }>({ status: 'loading', message: '' });
export const $notFoundQuery = atom<NotFoundQuery>({ page: 1, pageSize: 25, sort: 'hits', dir: 'desc' });
export const $notFound = atom<{ status: 'loading' | 'ready' | 'error'; data?: ReadOf<typeof adminNotFoundContract>; message: string }>({ status: 'loading', message: '' });
export const $redirects = atom<{ status: 'loading' | 'ready' | 'error'; rows: RedirectView[]; pages: string[]; message: string }>({ status: 'loading', rows: [], pages: [], message: '' });
/** The outcome of the last change, read out by a live region. */
export const $publishNotice = atom<{ tone: 'info' | 'error'; text: string }>({ tone: 'info', text: '' });

export async function loadPublishing(): Promise<void> {
  try {
    $publishing.set({ status: 'ready', data: await callContract(adminPublishingContract, undefined), message: '' });
  } catch (error) {
    $publishing.set({ ...$publishing.get(), status: 'error', message: handleAdminError(error) });
  }
}

export async function loadNotFound(): Promise<void> {
  $notFound.set({ ...$notFound.get(), status: 'loading' });
  try {
    $notFound.set({ status: 'ready', data: await callContract(adminNotFoundContract, $notFoundQuery.get()), message: '' });
  } catch (error) {
    $notFound.set({ status: 'error', message: handleAdminError(error) });
  }
}

export function setNotFoundQuery(change: Partial<NotFoundQuery>): void {
  $notFoundQuery.set({ ...$notFoundQuery.get(), page: 1, ...change });
  void loadNotFound();
}

export async function loadRedirects(): Promise<void> {
  try {
    const { redirects, pages } = await callContract(adminRedirectListContract, undefined);
    $redirects.set({ status: 'ready', rows: redirects, pages, message: '' });
  } catch (error) {
    $redirects.set({ ...$redirects.get(), status: 'error', message: handleAdminError(error) });
  }
}

const reloadAll = () => Promise.all([loadNotFound(), loadRedirects(), loadPublishing()]);
const waits = 'It goes live with the next publish.';

async function change(run: () => Promise<unknown>, done: string): Promise<string | undefined> {
  try {
    await run();
    $publishNotice.set({ tone: 'info', text: done });
    await reloadAll();
    return undefined;
  } catch (error) {
    const text = handleAdminError(error);
    $publishNotice.set({ tone: 'error', text });
    return text;
  }
}

export const createRedirect = (input: RedirectInput) => change(() => callContract(adminRedirectCreateContract, input), `${input.from} now redirects to ${input.to}. ${waits}`);
export const updateRedirect = (id: number, input: RedirectInput) => change(() => callContract(adminRedirectUpdateContract, input, undefined, { id }), `${input.from} now redirects to ${input.to}. ${waits}`);
export const deleteRedirect = (row: RedirectView) => change(() => callContract(adminRedirectDeleteContract, {}, undefined, { id: row.id }), `The redirect from ${row.from} was removed. ${waits}`);

export async function publishNow(): Promise<void> {
  try {
    const { build } = await callContract(adminPublishNowContract, {});
    $publishNotice.set({ tone: 'info', text: `Build #${build.id} started. The site keeps serving the current pages until it finishes.` });
  } catch (error) {
    $publishNotice.set({ tone: 'error', text: handleAdminError(error) });
  }
  await loadPublishing();
}

let polling: ReturnType<typeof setInterval> | undefined;
/** While a build runs or requests wait, the panel checks again every few seconds. */
export function pollPublishing(everyMs = 3000): () => void {
  polling ??= setInterval(() => {
    const data = $publishing.get().data;
    const active = data && (data.waiting > 0 || data.builds.some((b) => b.status === 'queued' || b.status === 'running'));
    if (active) void loadPublishing().then(() => {
      const after = $publishing.get().data;
      if (after && !after.builds.some((b) => b.status === 'queued' || b.status === 'running') && data.builds[0]?.status !== after.builds[0]?.status) void loadRedirects();
    });
  }, everyMs);
  return () => {
    clearInterval(polling);
    polling = undefined;
  };
}
