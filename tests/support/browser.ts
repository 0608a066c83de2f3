/** How every test tool starts Debian's chromium on these machines (see DESIGN §5). */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The end-to-end specs drive Debian's `chromium-headless-shell`: the same Chromium build and engine
 * without the full browser's interface processes, which on two cores made the suite about 40 %
 * faster (the chat and accessibility specs: 3.4 → 2.0 minutes). Lighthouse uses it too, for the same
 * reason (scripts/lighthouse.ts says why); the screenshots keep the full `chromium`.
 */
export const headlessShellPath = process.env.E2E_CHROME_PATH ?? '/usr/bin/chromium-headless-shell';

/** The Debian packages that provide the two browsers above. */
export const browserPackages = [
  { path: chromiumPath, pkg: 'chromium' },
  { path: headlessShellPath, pkg: 'chromium-headless-shell' },
];

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--disable-quic',
];

export const chromiumLaunchOptions = { executablePath: chromiumPath, args: chromiumArgs };
export const e2eLaunchOptions = { executablePath: headlessShellPath, args: chromiumArgs };
