/** Cross-site request refusal for endpoints that act on a visitor's cookies. */
import { HttpError } from './response';

function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/**
 * Throws a 403 unless the request's Origin is this site: the host the request was sent to, or
 * PUBLIC_SITE_URL's host. Browsers always send Origin on POST/PUT/PATCH/DELETE, so a missing one is refused.
 */
export function assertSameOrigin(request: Request, env: Record<string, string | undefined> = process.env): void {
  const origin = hostOf(request.headers.get('origin') ?? undefined);
  const allowed = [hostOf(request.url), hostOf(env.PUBLIC_SITE_URL)].filter(Boolean);
  if (!origin || !allowed.includes(origin)) {
    throw new HttpError(403, 'This request did not come from our website, so it was refused. Open the page on our site and try again.');
  }
}
