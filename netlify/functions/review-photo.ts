// GET /api/review-photos/:id: a photo of an approved review whose author agreed to publish it, as JPEG.
import { reviewPhotoContract } from '../../src/lib/api/reviews.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { HttpError } from '../../src/server/http/response';
import { loadPublicReviewPhoto } from '../../src/server/services/reviews.service';

export default defineHandler(reviewPhotoContract, async ({ params }) => {
  const bytes = await withDb((db) => loadPublicReviewPhoto(db, params.id));
  if (!bytes) throw new HttpError(404, 'There is no photo at this address.');
  // An hour: a photo staff take down stops being served soon after.
  return new Response(bytes, { headers: { 'Content-Type': 'image/jpeg', 'Content-Length': String(bytes.byteLength), 'Cache-Control': 'public, max-age=3600', 'Cross-Origin-Resource-Policy': 'same-origin' } });
});

export const config = { path: '/api/review-photos/:id' };
