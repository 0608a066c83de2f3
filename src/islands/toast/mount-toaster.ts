/**
 * Puts the toast region on the page once, the first time an island that shows toasts loads, so the
 * live regions exist before the first message (screen readers announce changes, not insertions).
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import Toaster from './Toaster';

let mounted = false;

export function ensureToaster(): void {
  if (mounted || typeof document === 'undefined') return;
  mounted = true;
  const host = document.createElement('div');
  host.id = 'toaster';
  document.body.append(host);
  createRoot(host).render(createElement(Toaster));
}
