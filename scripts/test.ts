/**
 * `npm test`: everything CI checks, in order, on a fresh machine. Installs Debian's chromium and
 * chromium-headless-shell if they are missing and starts the local PostgreSQL if it is down, then: typecheck, unit and API tests, a
 * build on a fresh embedded database, the bundle budget and the Lighthouse budget on that build, then
 * the end-to-end and accessibility suite against it.
 *
 * The typecheck, the build and the site server's start run beside the unit and API tests rather
 * than before and after them (measured: 438 s in a row, 415 s side by side; the tests are mostly
 * CPU-bound, so the gain is small): they share nothing with those tests (the API tests
 * serve an empty dist/ of their own from temporary folders). Their output is held and printed when
 * each step ends, so it does not interleave with vitest's. The end-to-end suite and Lighthouse
 * still run alone: both are bound by the CPU, and Lighthouse's figures need a quiet machine.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { browserPackages } from '../tests/support/browser.ts';
import { findFreePort, portIsFree } from './lib/free-port.ts';

// A server left running on 4400 (an earlier run, `npx playwright test`) would answer in place of
// this build, so the suite takes another free port rather than testing someone else's site.
const preferredPort = Number(process.env.TEST_PORT ?? 4400);
const port = (await portIsFree(preferredPort)) ? preferredPort : await findFreePort();
if (port !== preferredPort) console.log(`Port ${preferredPort} is in use by another process; the suite serves this build on port ${port} instead.`);
const baseUrl = `http://localhost:${port}`;
// Changes made by the admin specs wait for Publish now rather than starting a build mid-suite.
const testEnv: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: '.data/test-pglite', PORT: String(port), BASE_URL: baseUrl, TEST_PORT: String(port), PUBLISH_DEBOUNCE_SECONDS: '3600' };
// The end-to-end tests send many leads from one address and read the staff emails from files.
Object.assign(testEnv, { RATE_LIMIT_DISABLED: '1', MAIL_DIR: '.data/test-mail' });
delete testEnv.DATABASE_URL;
delete testEnv.NETLIFY_DATABASE_URL;
const timings: [string, number][] = [];

function run(step: string, command: string, args: string[], env: NodeJS.ProcessEnv = testEnv, explainFailure?: () => void): void {
  const started = Date.now();
  console.log(`\n▶ ${step}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  timings.push([step, Date.now() - started]);
  if (result.status !== 0) {
    explainFailure?.();
    console.error(`\n✖ ${step} failed (exit ${result.status ?? result.signal}). The output above says why; fix it and run npm test again.`);
    process.exit(result.status ?? 1);
  }
}

/** How a step that ran beside another ended; `output` is its held output (empty when it was shown live). */
interface StepResult { step: string; status: number | null; signal: NodeJS.Signals | null; output: string }

/**
 * Runs a step without blocking this process: `live` passes its output through as it comes, otherwise
 * it is held and printed, under the step's heading, when the step ends.
 */
function runBeside(step: string, command: string, args: string[], { live = false, env = testEnv }: { live?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<StepResult> {
  const started = Date.now();
  if (live) console.log(`\n▶ ${step}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
    child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString('utf8'); });
    child.once('error', (error) => { output += `\n${command} could not start: ${error.message}\n`; });
    child.once('close', (status, signal) => {
      timings.push([step, Date.now() - started]);
      if (!live) console.log(`\n▶ ${step}: ${command} ${args.join(' ')} (ran beside the unit and API tests; its output:)\n${output.trimEnd()}\n◀ end of ${step} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      resolve({ step, status: signal ? 1 : status ?? 1, signal, output });
    });
  });
}

function failStep(result: StepResult, explainFailure?: () => void): never {
  explainFailure?.();
  console.error(`\n✖ ${result.step} failed (exit ${result.status ?? result.signal}). The output above says why; fix it and run npm test again.`);
  process.exit(result.status || 1);
}

function ensureBrowsers(): void {
  const missing = browserPackages.filter((browser) => !existsSync(browser.path)).map((browser) => browser.pkg);
  if (!missing.length) return;
  console.log(`Installing Debian's ${missing.join(' and ')} (not on this machine yet).`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (...args: string[]) => spawnSync(sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (apt('install', '-y', ...missing).status !== 0) {
    apt('update');
    if (apt('install', '-y', ...missing).status !== 0) throw new Error(`Could not install ${missing.join(' ')} with apt-get. Install them by hand (apt-get install -y ${missing.join(' ')}) and run npm test again.`);
  }
}

function ensurePostgres(): void {
  if (spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432']).status === 0) return;
  const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
  if (!versions.length) throw new Error('PostgreSQL is not installed here (/etc/postgresql is missing); the repository tests need it on 127.0.0.1:5432.');
  console.log(`PostgreSQL is down; starting cluster ${versions[0]}/main.`);
  spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0]!, 'main', 'start'], { stdio: 'inherit' });
  for (let i = 0; i < 30 && spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432']).status !== 0; i++) spawnSync('sleep', ['1']);
}

async function waitFor(url: string, server: ChildProcess, seconds = 90): Promise<void> {
  for (let i = 0; i < seconds * 2; i++) {
    if (server.exitCode !== null) throw new Error(`The site server exited (code ${server.exitCode}) before answering ${url}.`);
    try {
      if ((await fetch(url)).ok) {
        // Make sure it is this server answering, not one that was already there (checked at the loop's top).
        await new Promise((r) => setTimeout(r, 500));
        if (server.exitCode === null) return;
      }
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The site did not answer ${url} within ${seconds} s.`);
}

const started = Date.now();
ensureBrowsers();
ensurePostgres();
// The unit and API tests in one lane; the typecheck, then the build, then the site server's start in
// another (astro check and astro build both write .astro/, so those two take turns).
const besideStarted = Date.now();
const unitTests = runBeside('unit and API tests', 'npx', ['vitest', 'run'], { live: true });
let server: ChildProcess | undefined;
const stop = () => { try { if (server) process.kill(-server.pid!, 'SIGTERM'); } catch { /* already gone */ } };
process.on('exit', stop);
const buildLane = (async (): Promise<StepResult> => {
  const typecheck = await runBeside('typecheck', 'npx', ['astro', 'check', '--minimumSeverity', 'warning']);
  if (typecheck.status !== 0) return typecheck;
  rmSync('.data/test-pglite', { recursive: true, force: true });
  rmSync('.data/test-mail', { recursive: true, force: true });
  const build = await runBeside('build', 'npx', ['tsx', 'scripts/build.ts']);
  if (build.status !== 0) return build;
  // Started now, so it is answering when the unit and API tests end. Its log goes to the terminal as before.
  server = spawn('npx', ['tsx', 'scripts/serve.ts'], { stdio: 'inherit', env: testEnv, detached: true });
  return build;
})();
// Both lanes run to their end (a failure in one is reported after the other's output, not cut off).
for (const result of await Promise.all([unitTests, buildLane])) if (result.status !== 0) failStep(result);
timings.push(['  (the three above, side by side)', Date.now() - besideStarted]);
/** Whether the site still answers its health check (asked from a child process: the steps block this one). */
function siteAnswers(): boolean {
  const probe = `fetch(${JSON.stringify(`${baseUrl}/api/health`)}).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 15_000 }).status === 0;
}
const explainSiteDown = () => {
  if (!siteAnswers()) console.error(`\n✖ The site server on port ${port} no longer answers ${baseUrl}/api/health: the tests that failed after it stopped failed for that reason. Its log is above.`);
};
try {
  await waitFor(`${baseUrl}/api/health`, server!);
  // The budgets first, on the build as the repository makes it: the end-to-end suite publishes from
  // the admin (a rebuild with the reviews, stories and products its specs add), so after it the server
  // would serve, and Lighthouse would measure, a site no visitor sees.
  run('bundle budget', 'npx', ['tsx', 'scripts/bundle-report.ts']);
  run('Lighthouse budget', 'npx', ['tsx', 'scripts/lighthouse.ts', baseUrl], testEnv, explainSiteDown);
  run('end-to-end and accessibility', 'npx', ['playwright', 'test'], testEnv, explainSiteDown);
} finally {
  stop();
}
console.log('\nStep timings:');
for (const [step, ms] of timings) console.log(`  ${step.padEnd(30)} ${(ms / 1000).toFixed(1)} s`);
console.log(`\n✔ npm test passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
