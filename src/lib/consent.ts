/**
 * Cookie consent and third-party tags (SPEC §4, DESIGN §4): analytics, the ad pixel and session
 * recording load only after Accept, never with Global Privacy Control on, and only when configured.
 */

export type ConsentValue = 'accepted' | 'declined';
export type TagName = 'analytics' | 'adPixel' | 'sessionRecording';

/** localStorage key of the visitor's choice (SPEC §3). */
export const consentStorageKey = 'cookieConsent';
/** SPEC §9: tags load after the first interaction or 3 s, in idle time with a 500 ms timeout. */
export const tagLoadDelayMs = 3000;
export const tagIdleTimeoutMs = 500;

/** The configured ids (from PUBLIC_GA_ID, PUBLIC_META_PIXEL_ID, PUBLIC_CLARITY_ID). */
export type TagIds = Partial<Record<TagName, string>>;

const idFormats: Record<TagName, RegExp> = {
  analytics: /^G-[A-Z0-9]{4,20}$/,
  adPixel: /^\d{5,20}$/,
  sessionRecording: /^[a-z0-9]{5,20}$/,
};

/** The stored choice, or null when there is none (or it is not one of the two values). */
export function readConsent(storage: Pick<Storage, 'getItem'> | null): ConsentValue | null {
  try {
    const value = storage?.getItem(consentStorageKey);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

/** Whether the banner shows: only while no choice is stored. */
export const bannerNeeded = (consent: ConsentValue | null): boolean => consent === null;

/**
 * Which tags may load: none unless consent is accepted and Global Privacy Control is off; then each
 * tag whose id is set and well formed (a malformed id would load someone else's script URL).
 */
export function tagsToLoad(input: { consent: ConsentValue | null; globalPrivacyControl: unknown; ids: TagIds }): { name: TagName; id: string }[] {
  if (input.consent !== 'accepted' || input.globalPrivacyControl === true) return [];
  return (Object.keys(idFormats) as TagName[])
    .map((name) => ({ name, id: (input.ids[name] ?? '').trim() }))
    .filter(({ name, id }) => idFormats[name].test(id));
}

/** The script each tag loads. */
export function tagScriptUrl(name: TagName, id: string): string {
  switch (name) {
    case 'analytics':
      return `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
    case 'adPixel':
      return 'https://connect.facebook.net/en_US/fbevents.js';
    case 'sessionRecording':
      return `https://www.clarity.ms/tag/${encodeURIComponent(id)}`;
  }
}
