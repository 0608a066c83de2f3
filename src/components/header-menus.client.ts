/** Header behaviour: desktop dropdowns by hover and keyboard, the mobile menu and its sections. */

function setOpen(button: HTMLElement, panel: HTMLElement | null, open: boolean): void {
  button.setAttribute('aria-expanded', String(open));
  if (panel) panel.hidden = !open;
}

function initDesktopMenus(): void {
  const items = [...document.querySelectorAll<HTMLLIElement>('[data-menu]')];
  const close = (item: HTMLLIElement) => {
    delete item.dataset.open;
    item.querySelector('button')?.setAttribute('aria-expanded', 'false');
  };
  for (const item of items) {
    const button = item.querySelector('button')!;
    const sync = () => button.setAttribute('aria-expanded', String(item.matches(':hover') || 'open' in item.dataset));
    item.addEventListener('mouseenter', sync);
    item.addEventListener('mouseleave', () => { close(item); sync(); });
    button.addEventListener('click', () => {
      const open = !('open' in item.dataset);
      items.forEach(close);
      if (open) item.dataset.open = '';
      button.setAttribute('aria-expanded', String(open));
    });
    item.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && 'open' in item.dataset) {
        close(item);
        button.focus();
      }
      if (event.key === 'ArrowDown' && event.target === button) {
        event.preventDefault();
        item.dataset.open = '';
        button.setAttribute('aria-expanded', 'true');
        item.querySelector<HTMLAnchorElement>('[data-menu-panel] a')?.focus();
      }
    });
    item.addEventListener('focusout', (event) => {
      if (!item.contains(event.relatedTarget as Node | null)) close(item);
    });
  }
}

function initMobileMenu(): void {
  const toggle = document.querySelector<HTMLButtonElement>('[data-mobile-toggle]');
  const menu = document.querySelector<HTMLElement>('[data-mobile-menu]');
  if (!toggle || !menu) return;
  const setMenu = (open: boolean, returnFocus = false) => {
    setOpen(toggle, menu, open);
    if (open) menu.querySelector<HTMLElement>('a, button')?.focus();
    else if (returnFocus) toggle.focus();
  };
  toggle.addEventListener('click', () => setMenu(menu.hidden));
  menu.addEventListener('click', (event) => {
    const target = event.target as HTMLElement;
    if (target.closest('a')) setMenu(false);
    const sectionButton = target.closest<HTMLButtonElement>('[data-section] > button');
    if (sectionButton) {
      const panel = document.getElementById(sectionButton.getAttribute('aria-controls') ?? '');
      setOpen(sectionButton, panel, sectionButton.getAttribute('aria-expanded') !== 'true');
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !menu.hidden) setMenu(false, true);
  });
}

export function initHeader(): void {
  initDesktopMenus();
  initMobileMenu();
}
