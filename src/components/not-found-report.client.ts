/** The 404 screen reports the missing address once (SPEC §2); a failure is only logged (SPEC §8). */
/** The contract's path, written out so this page script does not bundle zod (a test keeps them equal). */
export const track404Path = '/api/track-404';

let reported = false;

export function reportNotFound(): void {
  if (reported) return;
  reported = true;
  const body: { requestedUrl: string; referrer?: string } = { requestedUrl: (location.pathname + location.search).slice(0, 2048) };
  if (document.referrer) body.referrer = document.referrer.slice(0, 2048);
  fetch(track404Path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
    .then(async (response) => {
      // Reading the answer ends the request, so the page can reach network idle.
      const text = await response.text();
      if (!response.ok) console.error(`[404 tracking] the report was refused: ${text}`);
    })
    .catch((error: unknown) => console.error('[404 tracking] the report could not be sent', error));
}
