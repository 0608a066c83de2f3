/** Page metadata overrides (SPEC §3, §7): the path key and applying an override in the browser. Browser-safe, no zod. */

/** A staff override; null fields keep the page's own value. */
export interface PageMetadataOverride {
  title: string | null;
  description: string | null;
  canonical: string | null;
}

export const pageMetadataPath = '/api/page-metadata';

/**
 * The key a page's override is stored under: lower case, no `.html`, no trailing slash (except `/`),
 * so `/Drain-Cleaning/` and `/drain-cleaning.html` find the override of `/drain-cleaning`.
 */
export function normalisePagePath(path: string): string {
  const bare = path.split(/[?#]/)[0]!.toLowerCase().replace(/\.html$/, '').replace(/\/+$/, '');
  return bare === '' ? '/' : bare;
}

/** A canonical value is an absolute http(s) URL or a root-relative path. */
export function isUsableCanonical(value: string): boolean {
  if (/^\/(?!\/)\S*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** Sets the override's title, description and canonical URL (with their Open Graph and Twitter copies) on `doc`. */
export function applyPageMetadata(doc: Document, override: PageMetadataOverride): void {
  const setContent = (selector: string, value: string) => doc.querySelectorAll(selector).forEach((el) => el.setAttribute('content', value));
  if (override.title) {
    doc.title = override.title;
    setContent('meta[property="og:title"], meta[name="twitter:title"]', override.title);
  }
  if (override.description) {
    setContent('meta[name="description"], meta[property="og:description"], meta[name="twitter:description"]', override.description);
  }
  if (override.canonical && isUsableCanonical(override.canonical)) {
    const link = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    // A root-relative override resolves against the site's canonical origin, not the address bar's.
    const href = new URL(override.canonical, link?.href || doc.location.href).toString();
    link?.setAttribute('href', href);
    setContent('meta[property="og:url"]', href);
  }
}
