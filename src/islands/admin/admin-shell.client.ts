/** The admin shell's own behaviour: who is signed in, sign out (here or everywhere), the phone menu. */
import { $staff, loadStaff, signOut, signOutEverywhere } from './session.store';

export function startAdminShell(): void {
  const toggle = document.querySelector<HTMLButtonElement>('[data-admin-nav-toggle]');
  const nav = document.querySelector<HTMLElement>('[data-admin-nav]');
  toggle?.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    nav?.classList.toggle('hidden', !open);
  });
  document.querySelector('[data-admin-sign-out]')?.addEventListener('click', () => void signOut());
  document.querySelector('[data-admin-sign-out-everywhere]')?.addEventListener('click', () => void signOutEverywhere());
  $staff.subscribe((state) => {
    const email = document.querySelector('[data-admin-email]');
    if (email && state.status === 'signed-in') email.textContent = `${state.staff.email} (${state.staff.role})`;
  });
  void loadStaff();
}
