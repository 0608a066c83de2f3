import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createSwapGate } from '../serve';
import { swapDirectory } from './local-publisher';

describe('swapping in a new build', () => {
  let dir: string;
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('the new folder takes the served name and the old one is kept as previous', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'epl-swap-'));
    const [target, fresh, builds] = [path.join(dir, 'dist'), path.join(dir, 'builds', '7'), path.join(dir, 'builds')];
    await mkdir(target);
    await mkdir(fresh, { recursive: true });
    await writeFile(path.join(target, 'index.html'), 'old');
    await writeFile(path.join(fresh, 'index.html'), 'new');
    await swapDirectory(fresh, target, builds);
    expect(await readFile(path.join(target, 'index.html'), 'utf8')).toBe('new');
    expect(await readFile(path.join(builds, 'previous', 'index.html'), 'utf8')).toBe('old');
  });

  test('a swap waits for requests being answered, and requests arriving meanwhile wait for the swap', async () => {
    const gate = createSwapGate();
    const events: string[] = [];
    const leaveFirst = await gate.enter();
    const swap = gate.exclusive(async () => {
      events.push('swap');
    });
    await new Promise((r) => setTimeout(r, 20));
    const second = gate.enter().then((leave) => {
      events.push('second request');
      leave();
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(events).toEqual([]);
    events.push('first request done');
    leaveFirst();
    await Promise.all([swap, second]);
    expect(events).toEqual(['first request done', 'swap', 'second request']);
  });
});
