/**
 * `client:interaction`: the island hydrates when someone first touches it (a pointer, a key, a focus
 * or an input inside it), not before. Its built HTML already shows the form, so nothing changes for
 * the eye, and a visitor who only reads the page never downloads React (on a mid-range phone React
 * and a form island cost a long task of 100 ms or more).
 * What is typed before the island is live stays in the fields: the islands adopt it
 * (`typed-before-hydration.ts`). A form submitted before then (Enter in a field, a quick tap on the
 * button) is held and submitted again once the island is live, so it goes through the island's own
 * checks rather than the browser's default submit.
 * Where the island has work to do as soon as the page opens, it says so and hydrates at once:
 * `client:interaction={{ query: 'renew', sessionKey: 'renewal-link:…' }}` hydrates at once when the
 * address has that query parameter or this tab's sessionStorage holds that key (`localKey`: this
 * browser's localStorage).
 * Registered in astro.config.mjs; typed in `src/islands/client-directives.d.ts`.
 */
import type { ClientDirective } from 'astro';

const triggers = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'input'] as const;

export interface InteractionOptions {
  /** Hydrate at once when the page's address has this query parameter. */
  query?: string;
  /** Hydrate at once when this tab's sessionStorage holds this key. */
  sessionKey?: string;
  /** Hydrate at once when this browser's localStorage holds this key. */
  localKey?: string;
}

function wantedAtOnce({ query, sessionKey, localKey }: InteractionOptions): boolean {
  if (query && new URLSearchParams(location.search).has(query)) return true;
  try {
    return Boolean((sessionKey && sessionStorage.getItem(sessionKey) !== null) || (localKey && localStorage.getItem(localKey) !== null));
  } catch {
    return false; // Storage blocked: nothing can be waiting in it.
  }
}

/**
 * Resolves once React has hydrated the island's markup. Astro's `hydrate()` resolves when React has
 * been asked to hydrate, but @astrojs/react hydrates inside a transition, so for a moment after it the
 * DOM has no React handlers and a form submitted then would go to the browser's default submit. React
 * marks each hydrated node with a `__reactFiber$…` key (React 16 to 19); after 10 s this gives up
 * waiting (an island that renders nothing), and the replay below still never submits natively.
 */
async function reactHydrated(el: HTMLElement): Promise<void> {
  const hydrated = () => Array.from(el.children).some((child) => Object.keys(child).some((key) => key.startsWith('__reactFiber$')));
  for (const started = Date.now(); !hydrated() && Date.now() - started < 10_000;) await new Promise((resolve) => setTimeout(resolve, 16));
}

/** Submits a held form again through the island's own handler; the browser's default submit never runs. */
function replaySubmit(form: HTMLFormElement, submitter: HTMLElement | null): void {
  // A window listener in the bubble phase runs after React's (on the island's root).
  const guard = (event: Event) => { if (event.target === form && !event.defaultPrevented) event.preventDefault(); };
  window.addEventListener('submit', guard);
  try {
    form.requestSubmit(submitter && submitter.isConnected && (submitter as HTMLButtonElement).form === form ? submitter : undefined);
  } finally {
    window.removeEventListener('submit', guard);
  }
}

const interactionDirective: ClientDirective = (load, options, el) => {
  let live: Promise<void> | undefined;
  let hydrated = false;
  const touch = () => void start().catch(() => {});
  const listen = () => { for (const type of triggers) el.addEventListener(type, touch, { capture: true, passive: true }); };
  const start = (): Promise<void> => {
    if (live) return live;
    for (const type of triggers) el.removeEventListener(type, touch, true);
    live = (async () => {
      // Astro's island tries a failed import once more after 1 s, then reports it with an
      // `astro:hydration-error` event and hands back a hydrate that does nothing; without this check
      // the island would stay dead after a dropped connection.
      let failure: unknown;
      const failed = (event: Event) => { failure = (event as CustomEvent<{ error?: unknown }>).detail?.error ?? new Error('The island did not load.'); };
      el.addEventListener('astro:hydration-error', failed);
      try {
        const hydrate = await load();
        if (failure) throw failure;
        await hydrate();
      } finally {
        el.removeEventListener('astro:hydration-error', failed);
      }
      await reactHydrated(el);
      hydrated = true;
    })().catch((error: unknown) => {
      // The island's script did not load (a dropped connection on a phone): the next touch tries again.
      live = undefined;
      listen();
      throw error;
    });
    return live;
  };
  listen();
  el.addEventListener(
    'submit',
    (event) => {
      if (hydrated) return;
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      // The button pressed decides what some forms do ("Text me a code" or "Email me a code").
      const submitter = (event as SubmitEvent).submitter ?? null;
      event.preventDefault();
      event.stopImmediatePropagation();
      start().then(
        () => {
          // The island's own handler runs now; a form that left the page while loading is not sent.
          if (form.isConnected) replaySubmit(form, submitter);
        },
        () => {}, // Not loaded: nothing is sent, and the next touch tries again.
      );
    },
    true,
  );
  if (typeof options.value === 'object' && options.value && wantedAtOnce(options.value as InteractionOptions)) touch();
};

export default interactionDirective;
