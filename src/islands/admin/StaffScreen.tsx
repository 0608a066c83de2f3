/** /admin/staff (owner only): who can sign in, their roles, removing someone, and the audit log. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { staffRoles } from '../../lib/api/admin/session.contract';
import { adminStaffAddContract } from '../../lib/api/admin/staff.contract';
import { $staff, loadStaff } from './session.store';
import { $audit, $staffList, $staffNotice, addStaffMember, loadAudit, loadStaffList, updateStaffMember } from './staff.store';
import Pager from './Pager';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Chicago' });
type AddInput = z.input<typeof adminStaffAddContract.request>;

function AddForm() {
  const id = useId();
  const { register, handleSubmit, reset, formState: { errors, isSubmitting } } = useForm<AddInput>({ resolver: zodResolver(adminStaffAddContract.request), defaultValues: { email: '', role: 'staff', name: '' } });
  const onSubmit = handleSubmit(async (values) => {
    if (await addStaffMember({ ...values, name: values.name || undefined })) reset();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="card mt-4 grid gap-3 p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.5fr)_auto_auto] sm:items-end">
      <div>
        <label htmlFor={`${id}-email`} className="block text-sm font-bold">Email</label>
        <input id={`${id}-email`} type="email" autoComplete="off" {...register('email')} aria-invalid={errors.email ? true : undefined} aria-describedby={errors.email ? `${id}-email-error` : undefined} className="mt-1 w-full rounded-md border border-line px-3 py-2" />
        {errors.email && <p id={`${id}-email-error`} className="mt-1 text-sm font-semibold text-red-700">{errors.email.message}</p>}
      </div>
      <div>
        <label htmlFor={`${id}-name`} className="block text-sm font-bold">Name (optional)</label>
        <input id={`${id}-name`} {...register('name')} className="mt-1 w-full rounded-md border border-line px-3 py-2" />
      </div>
      <div>
        <label htmlFor={`${id}-role`} className="block text-sm font-bold">Role</label>
        <select id={`${id}-role`} {...register('role')} className="mt-1 rounded-md border border-line px-3 py-2">
          {staffRoles.map((r) => <option key={r} value={r}>{r === 'owner' ? 'Owner (manages staff)' : 'Staff'}</option>)}
        </select>
      </div>
      <button type="submit" className="btn btn-primary px-4" disabled={isSubmitting}>Add</button>
    </form>
  );
}

function describe(after: unknown): string {
  if (!after || typeof after !== 'object') return '';
  return Object.entries(after as Record<string, unknown>).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join(', ').slice(0, 200);
}

export default function StaffScreen() {
  const me = useStore($staff);
  const list = useStore($staffList);
  const audit = useStore($audit);
  const notice = useStore($staffNotice);
  useEffect(() => {
    void loadStaff().then(() => {
      const state = $staff.get();
      if (state.status === 'signed-in' && state.staff.role === 'owner') void Promise.all([loadStaffList(), loadAudit(1)]);
    });
  }, []);
  if (me.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (me.status === 'error') return <p role="alert">{me.message}</p>;
  if (me.staff.role !== 'owner') return <p className="card max-w-2xl p-6">Only an owner can manage staff. Ask an owner if someone needs to be added or removed.</p>;
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.pageSize)) : 1;
  return (
    <div className="space-y-8">
      <section aria-labelledby="staff-heading">
        <h2 id="staff-heading" className="text-xl font-extrabold">People who can sign in</h2>
        <p className="mt-1 text-sm text-muted">They sign in at /admin/oauth-login with a code emailed to this address (or Google, when it is set up).</p>
        <AddForm />
        <p role={notice.tone === 'error' ? 'alert' : 'status'} className={notice.tone === 'error' ? 'mt-3 font-semibold text-red-700' : 'mt-3 text-sm'}>{notice.text}</p>
        {list.status === 'error' && <p role="alert">{list.message}</p>}
        <div className="mt-2 overflow-x-auto rounded-lg border border-line bg-white" tabIndex={0} role="region" aria-label="Staff list (scrolls sideways on small screens)">
          <table className="w-full text-sm">
            <thead className="bg-surface"><tr><th scope="col" className="px-3 py-2 text-left">Email</th><th scope="col" className="px-3 py-2 text-left">Role</th><th scope="col" className="px-3 py-2 text-left">Signed in on</th><th scope="col" className="px-3 py-2 text-left">Actions</th></tr></thead>
            <tbody>
              {list.staff.map((m) => {
                const self = m.email === me.staff.email;
                return (
                  <tr key={m.id} className="border-t border-line">
                    <td className="px-3 py-2"><span className="font-semibold">{m.email}</span>{m.name && <span className="block text-muted">{m.name}</span>}{m.revokedAt && <span className="block text-red-700">Removed {when.format(new Date(m.revokedAt))}</span>}</td>
                    <td className="px-3 py-2">
                      <label className="sr-only" htmlFor={`role-${m.id}`}>Role of {m.email}</label>
                      <select id={`role-${m.id}`} value={m.role} disabled={self || m.revokedAt !== null} onChange={(e) => void updateStaffMember(m.id, { role: e.target.value as 'owner' | 'staff' })} className="rounded-md border border-line px-2 py-1">
                        {staffRoles.map((r) => <option key={r} value={r}>{r === 'owner' ? 'Owner' : 'Staff'}</option>)}
                      </select>
                    </td>
                    <td className="px-3 py-2">{m.activeSessions} {m.activeSessions === 1 ? 'device' : 'devices'}</td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap gap-2">
                        {m.revokedAt ? (
                          <button type="button" className="btn btn-outline px-3 text-sm" onClick={() => void updateStaffMember(m.id, { revoked: false })}>Restore {m.email}</button>
                        ) : !self && (
                          <>
                            <button type="button" className="btn btn-outline px-3 text-sm" onClick={() => void updateStaffMember(m.id, { endSessions: true })} disabled={m.activeSessions === 0}>Sign out {m.email}</button>
                            <button type="button" className="btn btn-outline px-3 text-sm" onClick={() => { if (window.confirm(`Remove ${m.email}? They are signed out at once and can no longer sign in.`)) void updateStaffMember(m.id, { revoked: true }); }}>Remove {m.email}</button>
                          </>
                        )}
                        {self && <span className="text-muted">You</span>}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="audit-heading">
        <h2 id="audit-heading" className="text-xl font-extrabold">Audit log</h2>
        <p className="mt-1 text-sm text-muted">Every change made in the staff area: who, when, what it was before and after.</p>
        {audit.status === 'error' && <p role="alert">{audit.message}</p>}
        <div className="mt-2 overflow-x-auto rounded-lg border border-line bg-white" tabIndex={0} role="region" aria-label="Audit log (scrolls sideways on small screens)">
          <table className="w-full text-sm">
            <thead className="bg-surface"><tr><th scope="col" className="px-3 py-2 text-left">When</th><th scope="col" className="px-3 py-2 text-left">Who</th><th scope="col" className="px-3 py-2 text-left">What</th><th scope="col" className="px-3 py-2 text-left">Before</th><th scope="col" className="px-3 py-2 text-left">After</th></tr></thead>
            <tbody>
              {audit.data?.rows.map((r) => (
                <tr key={r.id} className="border-t border-line align-top">
                  <td className="px-3 py-2 whitespace-nowrap">{when.format(new Date(r.at))}</td>
                  <td className="px-3 py-2">{r.actor}</td>
                  <td className="px-3 py-2">{r.action} <span className="text-muted">{r.entity} {r.entityId}</span></td>
                  <td className="px-3 py-2 break-words">{describe(r.before)}</td>
                  <td className="px-3 py-2 break-words">{describe(r.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager label="Audit log pages" page={audit.page} pages={pages} onPage={(page) => void loadAudit(page)} />
      </section>
    </div>
  );
}
