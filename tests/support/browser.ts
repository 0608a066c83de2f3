/** How every test tool starts Debian's chromium on these machines (see DESIGN §5). */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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
