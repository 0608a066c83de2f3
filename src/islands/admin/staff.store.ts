/** The owner's staff screen: the list, add, role and removal changes, and the audit log. */
import { atom } from 'nanostores';
import { adminAuditContract, adminStaffAddContract, adminStaffListContract, adminStaffUpdateContract, type StaffMemberView } from '../../lib/api/admin/staff.contract';
import { callContract } from '../../lib/api/client';
import type { ReadOf, RequestInputOf } from '../../lib/api/contract';
import { handleAdminError } from './session.store';

export const $staffList = atom<{ status: 'loading' | 'ready' | 'error'; staff: StaffMemberView[]; message: string }>({ status: 'loading', staff: [], message: '' });
export const $audit = atom<{ status: 'loading' | 'ready' | 'error'; data?: ReadOf<typeof adminAuditContract>; page: number; message: string }>({ status: 'loading', page: 1, message: '' });
/** The outcome of the last change, read out by a live region. */
export const $staffNotice = atom<{ tone: 'info' | 'error'; text: string }>({ tone: 'info', text: '' });

export async function loadStaffList(): Promise<void> {
  try {
    const { staff } = await callContract(adminStaffListContract, undefined);
    $staffList.set({ status: 'ready', staff, message: '' });
  } catch (error) {
    $staffList.set({ status: 'error', staff: [], message: handleAdminError(error) });
  }
}

export async function loadAudit(page = $audit.get().page): Promise<void> {
  $audit.set({ ...$audit.get(), status: 'loading', page });
  try {
    $audit.set({ status: 'ready', data: await callContract(adminAuditContract, { page }), page, message: '' });
  } catch (error) {
    $audit.set({ ...$audit.get(), status: 'error', message: handleAdminError(error) });
  }
}

async function change(run: () => Promise<StaffMemberView>, done: (m: StaffMemberView) => string): Promise<boolean> {
  try {
    const member = await run();
    $staffNotice.set({ tone: 'info', text: done(member) });
    await Promise.all([loadStaffList(), loadAudit(1)]);
    return true;
  } catch (error) {
    $staffNotice.set({ tone: 'error', text: handleAdminError(error) });
    return false;
  }
}

export const addStaffMember = (input: RequestInputOf<typeof adminStaffAddContract>) =>
  change(() => callContract(adminStaffAddContract, input), (m) => `${m.email} can now sign in as ${m.role}.`);

export const updateStaffMember = (id: number, input: RequestInputOf<typeof adminStaffUpdateContract>) =>
  change(() => callContract(adminStaffUpdateContract, input, undefined, { id }), (m) =>
    input.revoked === true ? `${m.email} was removed and signed out everywhere.` : input.revoked === false ? `${m.email} can sign in again.` : input.endSessions ? `${m.email} was signed out everywhere.` : `${m.email} is now ${m.role}.`);
