/**
 * The cookie banner's buttons and the third-party tags (SPEC §4, DESIGN §4). Tags load only when the
 * stored choice is 'accepted', Global Privacy Control is off and their ids are configured; then after
 * the first interaction or 3 s, in idle time, and a page view is sent for every route change.
 */
import {
  consentStorageKey, readConsent, tagIdleTimeoutMs, tagLoadDelayMs, tagScriptUrl, tagsToLoad,
  type ConsentValue, type TagIds, type TagName,
} from '../lib/consent';

type Queue = ((...args: unknown[]) => void) & { queue?: unknown[]; callMethod?: (...args: unknown[]) => void; push?: unknown; loaded?: boolean; version?: string; q?: unknown[] };
type TagWindow = Window & { dataLayer?: unknown[]; gtag?: Queue; fbq?: Queue; _fbq?: Queue; clarity?: Queue };

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function addScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.append(script);
}

/** Sets up each tag's command queue (their documented snippets) and loads its script. */
function installTag(name: TagName, id: string): void {
  const w = window as TagWindow;
  if (name === 'analytics') {
    w.dataLayer = w.dataLayer || [];
    w.gtag = function gtag() {
      // gtag.js expects the arguments object itself, as its own snippet pushes it.
      w.dataLayer!.push(arguments);
    };
    w.gtag('js', new Date());
    // Page views are sent by trackPageView, once per route, including history changes.
    w.gtag('config', id, { send_page_view: false });
  } else if (name === 'adPixel') {
    const fbq: Queue = Object.assign(
      (...args: unknown[]) => (fbq.callMethod ? fbq.callMethod(...args) : fbq.queue!.push(args)),
      { loaded: true, version: '2.0', queue: [] as unknown[] },
    );
    fbq.push = fbq;
    w.fbq = fbq;
    w._fbq = fbq;
    fbq('init', id);
  } else {
    const clarity: Queue = Object.assign((...args: unknown[]) => void (clarity.q = clarity.q || []).push(args), {});
    w.clarity = w.clarity || clarity;
  }
  addScript(tagScriptUrl(name, id));
}

let loaded: TagName[] | undefined;
let lastPage = '';

function trackPageView(): void {
  if (!loaded?.length) return;
  const page = location.pathname + location.search;
  if (page === lastPage) return;
  lastPage = page;
  const w = window as TagWindow;
  if (loaded.includes('analytics')) w.gtag?.('event', 'page_view', { page_location: location.href, page_path: page, page_title: document.title });
  if (loaded.includes('adPixel')) w.fbq?.('track', 'PageView');
  // Clarity follows route changes by itself.
}

function watchRouteChanges(): void {
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      trackPageView();
    };
  }
  addEventListener('popstate', trackPageView);
}

function loadTags(ids: TagIds, consent: ConsentValue | null): void {
  if (loaded) return;
  const tags = tagsToLoad({ consent, globalPrivacyControl: (navigator as Navigator & { globalPrivacyControl?: unknown }).globalPrivacyControl, ids });
  if (tags.length === 0) return;
  loaded = tags.map((t) => t.name);
  for (const tag of tags) installTag(tag.name, tag.id);
  watchRouteChanges();
  trackPageView();
}

const whenIdle = (fn: () => void) =>
  ('requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: tagIdleTimeoutMs }) : setTimeout(fn, 1));

/** Runs `fn` in idle time after the first interaction or tagLoadDelayMs, whichever comes first. */
function afterFirstInteraction(fn: () => void): void {
  const events = ['pointerdown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    for (const type of events) removeEventListener(type, go, { capture: true });
    whenIdle(fn);
  };
  const timer = setTimeout(go, tagLoadDelayMs);
  for (const type of events) addEventListener(type, go, { capture: true, passive: true, once: true });
}

/** The first link or button after `element` in document order. */
function nextFocusable(element: Element): HTMLElement | null {
  const focusable = 'a[href], button:not([disabled])';
  for (let next = element.nextElementSibling; next; next = next.nextElementSibling) {
    const found = next.matches(focusable) ? next : next.querySelector(focusable);
    if (found instanceof HTMLElement) return found;
  }
  return null;
}

export function initCookieConsent(): void {
  const banner = document.querySelector<HTMLElement>('[data-cookie-consent]');
  if (!banner) return;
  const ids: TagIds = {
    analytics: banner.dataset.analyticsId,
    adPixel: banner.dataset.adPixelId,
    sessionRecording: banner.dataset.sessionRecordingId,
  };
  let consent = readConsent(storage());

  banner.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-consent-choice]');
    if (!button) return;
    const choice: ConsentValue = button.dataset.consentChoice === 'accepted' ? 'accepted' : 'declined';
    try {
      storage()?.setItem(consentStorageKey, choice);
    } catch {
      // Storage blocked: the choice holds for this page only.
    }
    consent = choice;
    document.documentElement.removeAttribute('data-consent-needed');
    // The focused button just disappeared: continue from the next thing on the page (the header).
    nextFocusable(banner)?.focus();
    // The click was the first interaction.
    if (choice === 'accepted') whenIdle(() => loadTags(ids, consent));
  });

  if (consent === 'accepted') afterFirstInteraction(() => loadTags(ids, consent));
}
