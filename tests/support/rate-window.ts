/**
 * The server's rate limits count requests in fixed windows aligned to the epoch
 * (`windowStart = Math.floor(now / windowMs) * windowMs`), so every counter starts again at a
 * window's boundary. A test that fills a window through real time and expects the next request to
 * be refused (or several requests to count together) must not straddle a boundary: the count would
 * reset mid-test and the 429 never come. Call this first, with the window of the limit under test.
 */

/** Time left after the boundary before the test goes on, so the server's clock has crossed it too. */
export const windowEdgeMarginMs = 250;

/**
 * Returns at once when at least `neededSeconds` remain in the current `windowSeconds` window (as
 * the server computes it, from Date.now()); otherwise waits until the next window has begun.
 */
export async function clearOfWindowEdge(windowSeconds: number, neededSeconds = 30): Promise<void> {
  if (neededSeconds >= windowSeconds) throw new RangeError(`A test needing ${neededSeconds} s cannot fit a ${windowSeconds} s window with room to spare.`);
  const windowMs = windowSeconds * 1000;
  const now = Date.now();
  const nextWindowStart = (Math.floor(now / windowMs) + 1) * windowMs;
  if (nextWindowStart - now >= neededSeconds * 1000) return;
  await new Promise((resolve) => setTimeout(resolve, nextWindowStart - now + windowEdgeMarginMs));
}
