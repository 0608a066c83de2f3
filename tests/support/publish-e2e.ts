/**
 * Publishing from the end-to-end specs. The served site has one build queue: "Publish now" is refused
 * (409) while another build runs, one spec breaks a build on purpose, and several check that a change
 * is not live before their own build. So the specs that change what a build shows take turns across
 * Playwright's workers: a turn is a lock file (created with O_EXCL) naming the holder's pid; a file
 * left by a process that is gone is taken over. They are also tagged `publishes`, and the config runs
 * that tag in one worker; the turn still guards a run with other settings (a single spec, --workers).
 */
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * The tag of a test that publishes (or needs the build to stay put): playwright.config.ts runs these in a
 * project of their own, one at a time and first, so no worker sits idle waiting for another spec's turn.
 */
export const publishes = { tag: '@publishes' };

const turnFile = path.resolve('.data/test-publish-turn.lock');
/** How long a spec waits for its turn: the longest holder runs three builds. */
export const publishTurnWaitMs = 12 * 60_000;
/** How long one local build may take on a busy two-core machine. */
export const buildTimeoutMs = 300_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function takeTurn(): Promise<void> {
  const deadline = Date.now() + publishTurnWaitMs;
  await mkdir(path.dirname(turnFile), { recursive: true });
  for (;;) {
    try {
      const file = await open(turnFile, 'wx');
      await file.writeFile(String(process.pid));
      await file.close();
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(await readFile(turnFile, 'utf8').catch(() => ''));
    if (holder && holder !== process.pid && !alive(holder)) {
      await rm(turnFile, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`Another spec (pid ${holder}) has held the publishing turn for ${publishTurnWaitMs / 60_000} minutes; remove ${turnFile} if no test run is going on.`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Runs `fn` while no other spec changes or builds the site. */
export async function withPublishTurn<T>(fn: () => Promise<T>): Promise<T> {
  await takeTurn();
  try {
    return await fn();
  } finally {
    await rm(turnFile, { force: true });
  }
}

/** Presses Publish now on an admin page with the publishing panel and returns the build's number. */
export async function publishNow(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Publish now' }).click();
  const started = page.getByRole('status').filter({ hasText: /Build #\d+ started/ });
  await expect(started).toBeVisible({ timeout: 30_000 });
  return /Build #(\d+) started/.exec((await started.textContent())!)![1]!;
}

/** Waits until the publishing panel shows build `id` as live (or failed). */
export async function waitForBuild(page: Page, id: string, result: 'Live' | 'Failed' = 'Live'): Promise<void> {
  const publishing = page.getByRole('region', { name: 'Publishing' });
  await expect(publishing.getByText(new RegExp(`${result}\\s*#${id},`))).toBeVisible({ timeout: buildTimeoutMs });
}

/** Publish now, then wait until that build is live. */
export async function publishAndWait(page: Page): Promise<string> {
  const id = await publishNow(page);
  await waitForBuild(page, id);
  return id;
}
