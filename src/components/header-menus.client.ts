/**
 * Header behaviour for its one nav. Below lg the Menu button shows the whole nav as a panel; each
 * section ([data-menu]) is then expanded by its button. From lg the sections are dropdowns opened
 * by hover (CSS) and by click and keys. An open nav or section has `data-open` (styled in
 * Header.astro) and `aria-expanded="true"` on the button that controls it.
 */

/** Tailwind's lg breakpoint: the dropdown layout. */
const desktop = matchMedia('(min-width: 64rem)');

function setOpen(element: HTMLElement, button: HTMLElement, open: boolean): void {
  element.toggleAttribute('data-open', open);
  button.setAttribute('aria-expanded', String(open));
}

function setSection(item: HTMLElement, open: boolean): void {
  setOpen(item, item.querySelector('button')!, open);
}

function initSection(item: HTMLElement, items: HTMLElement[]): void {
  const button = item.querySelector('button')!;
  // Dropdowns only: hover, focus leaving, and one open at a time. Phone sections stay open until tapped again.
  item.addEventListener('mouseenter', () => { if (desktop.matches) button.setAttribute('aria-expanded', 'true'); });
  item.addEventListener('mouseleave', () => { if (desktop.matches) setSection(item, false); });
  item.addEventListener('focusout', (event) => {
    if (desktop.matches && !item.contains(event.relatedTarget as Node | null)) setSection(item, false);
  });
  button.addEventListener('click', () => {
    const open = !item.hasAttribute('data-open');
    if (desktop.matches) for (const other of items) setSection(other, false);
    setSection(item, open);
  });
  item.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && item.hasAttribute('data-open')) {
      setSection(item, false);
      button.focus();
    }
    if (event.key === 'ArrowDown' && event.target === button) {
      event.preventDefault();
      setSection(item, true);
      item.querySelector<HTMLAnchorElement>('[data-menu-panel] a')?.focus();
    }
  });
}

export function initHeader(): void {
  const toggle = document.querySelector<HTMLButtonElement>('[data-mobile-toggle]');
  const nav = document.getElementById(toggle?.getAttribute('aria-controls') ?? '');
  if (!toggle || !nav) return;
  const items = [...nav.querySelectorAll<HTMLElement>('[data-menu]')];
  for (const item of items) initSection(item, items);

  const setMenu = (open: boolean, returnFocus = false) => {
    setOpen(nav, toggle, open);
    if (open) nav.querySelector<HTMLElement>('a, button')?.focus();
    else if (returnFocus) toggle.focus();
  };
  toggle.addEventListener('click', () => setMenu(!nav.hasAttribute('data-open')));
  nav.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) setMenu(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && nav.hasAttribute('data-open')) setMenu(false, true);
  });
  // Crossing lg switches layout: nothing opened in one layout stays open in the other.
  desktop.addEventListener('change', () => {
    setMenu(false);
    for (const item of items) setSection(item, false);
  });
}
