/**
 * The phone numbers the visitor is shown right now. The page's phone links are the source of truth:
 * the traffic-source script swaps them before first paint, and islands read them from there, so
 * every number on the page (and in the chat) stays the same.
 */
export interface PhoneConfig {
  display: string;
  tel: string;
}

export type ShownPhones = { austin: PhoneConfig; 'marble-falls': PhoneConfig };

function readPhone(office: keyof ShownPhones): PhoneConfig | null {
  const link = document.querySelector<HTMLAnchorElement>(`a[data-phone="${office}"]`);
  const display = link?.querySelector('[data-phone-text]')?.textContent?.trim();
  if (!link || !display) return null;
  return { display, tel: link.getAttribute('href') ?? '' };
}

/** Both offices' numbers as shown on the page, or null when the page shows none (SPEC §5: then the chat is hidden). */
export function shownPhones(): ShownPhones | null {
  if (typeof document === 'undefined') return null;
  const austin = readPhone('austin');
  const marbleFalls = readPhone('marble-falls');
  return austin && marbleFalls ? { austin, 'marble-falls': marbleFalls } : null;
}
