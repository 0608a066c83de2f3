import { createServer } from 'node:net';
import { expect, test } from 'vitest';
import { findFreePort, portIsFree } from './free-port';

test('portIsFree tells a port something listens on from a free one', async () => {
  const port = await findFreePort();
  expect(await portIsFree(port)).toBe(true);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(port, resolve));
  try {
    expect(await portIsFree(port)).toBe(false);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  expect(await portIsFree(port)).toBe(true);
});
