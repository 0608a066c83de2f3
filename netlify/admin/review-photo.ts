// GET /api/admin/reviews/photos/:id: a review's photo as JPEG, for staff.
import { adminReviewPhotoContract } from '../../src/lib/api/admin/reviews.contract';
import { defineHandler } from '../../src/server/http/handler';
import { HttpError } from '../../src/server/http/response';
import { loadReviewPhoto } from '../../src/server/services/admin-reviews';

export default defineHandler(adminReviewPhotoContract, async ({ params }) => {
  const bytes = await loadReviewPhoto(params.id);
  if (!bytes) throw new HttpError(404, 'There is no photo at this address.');
  return new Response(bytes, { headers: { 'Content-Type': 'image/jpeg', 'Content-Length': String(bytes.byteLength), 'Cache-Control': 'private, max-age=3600', 'Cross-Origin-Resource-Policy': 'same-origin' } });
});

export const path = '/api/admin/reviews/photos/:id';
