/**
 * The copies of an uploaded picture the build writes under /images/<folder>/ (WebP at a few widths,
 * never wider than the upload), with width and height, so a page reserves the space and the browser
 * picks the size it needs. Browser- and component-safe: only the addresses, no file access.
 */
export interface ImageVariant { width: number; height: number; path: string }

type Folder = 'blog' | 'stories' | 'logos';

/** Photos fill a column; logos sit small in a row (240 px is a logo at 2x). */
const widthsOf: Record<Folder, number[]> = { blog: [480, 800, 1200], stories: [480, 800, 1200], logos: [240, 480] };

/** Each width up to the picture's own, and its own width when under the largest. */
export function pictureVariants(image: { id: string; width: number; height: number }, folder: Folder): ImageVariant[] {
  const widths = widthsOf[folder];
  const chosen = [...new Set([...widths.filter((w) => w < image.width), Math.min(image.width, widths.at(-1)!)])].sort((a, b) => a - b);
  return chosen.map((width) => ({ width, height: Math.round((image.height * width) / image.width), path: `/images/${folder}/${image.id}-${width}.webp` }));
}
