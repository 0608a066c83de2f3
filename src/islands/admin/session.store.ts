/**
 * Who is signed in to /admin, loaded once per page from GET /api/admin/session. A 401 sends the
 * browser to the sign-in page, which brings the person back here afterwards. Islands wait for
 * `$staff` before they ask for anything else.
 */
import { atom } from 'nanostores';
import { adminSessionContract, signOutEverywhereContract, type AdminSession } from '../../lib/api/admin/session.contract';
import { ApiError, apiRequest, callContract } from '../../lib/api/client';

export type StaffState = { status: 'loading' } | { status: 'signed-in'; staff: AdminSession } | { status: 'error'; message: string };

export const $staff = atom<StaffState>({ status: 'loading' });

export function signInAddress(location: Pick<Location, 'pathname' | 'search'> = window.location): string {
  return `/admin/oauth-login?next=${encodeURIComponent(location.pathname + location.search)}`;
}

let loading: Promise<void> | undefined;

/** Loads the session once; a 401 (signed out, expired) goes to the sign-in page. */
export function loadStaff(): Promise<void> {
  return (loading ??= callContract(adminSessionContract, undefined).then(
    (staff) => $staff.set({ status: 'signed-in', staff }),
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) {
        window.location.assign(signInAddress());
        return;
      }
      $staff.set({ status: 'error', message: error instanceof Error ? error.message.replace(/^\d+: /, '') : 'The staff area could not be loaded.' });
    },
  ));
}

/** A 401 from any admin call means the session ended meanwhile: sign in again and come back. */
export function handleAdminError(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) {
    window.location.assign(signInAddress());
    return 'Your session has ended. Taking you to sign in…';
  }
  return error instanceof Error ? error.message.replace(/^\d+: /, '') : 'Something went wrong. Try again.';
}

export async function signOut(): Promise<void> {
  await apiRequest('POST', '/api/auth/sign-out', {}).catch(() => undefined);
  window.location.assign('/admin/oauth-login');
}

export async function signOutEverywhere(): Promise<void> {
  await callContract(signOutEverywhereContract, {}).catch(() => undefined);
  window.location.assign('/admin/oauth-login');
}
