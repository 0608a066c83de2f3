// GET /api/admin/success-stories/photos/:id: a story's photo as JPEG, for staff.
import { adminStoryPhotoContract } from '../../src/lib/api/admin/success-stories.contract';
import { defineHandler } from '../../src/server/http/handler';
import { HttpError } from '../../src/server/http/response';
import { loadStoryPhoto } from '../../src/server/services/admin-success-stories';

export default defineHandler(adminStoryPhotoContract, async ({ params }) => {
  const bytes = await loadStoryPhoto(params.id);
  if (!bytes) throw new HttpError(404, 'There is no photo at this address.');
  return new Response(bytes, { headers: { 'Content-Type': 'image/jpeg', 'Content-Length': String(bytes.byteLength), 'Cache-Control': 'private, max-age=3600', 'Cross-Origin-Resource-Policy': 'same-origin' } });
});

export const path = '/api/admin/success-stories/photos/:id';
