/**
 * Featured pictures of blog posts: checked like chat photos (magic bytes, no SVG, at most 8 MB,
 * at most 50 million pixels), scaled to fit 2400 px and re-encoded as JPEG, then kept in the blog
 * image store. The build makes the sizes the pages use (src/server/uploads/built-images.ts).
 */
import { maxBlogImageBytes } from '../../lib/api/admin/blog.contract';
import { loadStoredImage, storedImageSize, storeUploadedImage } from '../uploads/stored-images';

/** The widest copy kept: twice the post's column on a large screen. */
const maxEdge = 2400;

export async function storeBlogImage(file: File): Promise<{ id: string; width: number; height: number; url: string }> {
  const image = await storeUploadedImage('blog', file, { maxBytes: maxBlogImageBytes, maxEdge, what: 'picture', field: 'image' });
  return { ...image, url: `/api/admin/blog/images/${image.id}` };
}

/** A stored picture's bytes, or undefined. */
export const loadBlogImage = (id: string) => loadStoredImage('blog', id);

/** A stored picture's size, read from the stored file; undefined when it is not stored. */
export const blogImageSize = (id: string) => storedImageSize('blog', id);
