/** Asks GET /api/page-metadata for this page in idle time and applies an override; any failure keeps the page's own values. */
import { applyPageMetadata, pageMetadataPath, type PageMetadataOverride } from '../lib/page-metadata';

function isOverride(value: unknown): value is PageMetadataOverride {
  if (typeof value !== 'object' || value === null) return false;
  const o = value as Record<string, unknown>;
  return ['title', 'description', 'canonical'].every((k) => o[k] === null || typeof o[k] === 'string');
}

export function refreshPageMetadata(): void {
  const run = async () => {
    try {
      const response = await fetch(`${pageMetadataPath}?path=${encodeURIComponent(location.pathname)}`, { credentials: 'include' });
      if (!response.ok) return;
      const override: unknown = await response.json();
      if (isOverride(override)) applyPageMetadata(document, override);
    } catch {
      // SPEC §8: a page-metadata failure is silent; the page keeps its built values.
    }
  };
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(() => void run(), { timeout: 5000 }) : setTimeout(() => void run(), 1));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
