// GET /api/admin/blog/images/:id: a stored featured picture as JPEG, for the editor.
import { adminBlogImageContract } from '../../src/lib/api/admin/blog.contract';
import { defineHandler } from '../../src/server/http/handler';
import { HttpError } from '../../src/server/http/response';
import { loadBlogImage } from '../../src/server/services/blog-images';

export default defineHandler(adminBlogImageContract, async ({ params }) => {
  const bytes = await loadBlogImage(params.id);
  if (!bytes) throw new HttpError(404, 'There is no picture at this address. Upload it again.');
  return new Response(bytes, {
    headers: { 'Content-Type': 'image/jpeg', 'Content-Length': String(bytes.byteLength), 'Cache-Control': 'private, max-age=3600', 'Cross-Origin-Resource-Policy': 'same-origin' },
  });
});

export const path = '/api/admin/blog/images/:id';
