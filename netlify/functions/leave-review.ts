// /api/leave-review: GET the pre-fill for a review request's link (recording that it was opened);
// POST a review (multipart, up to three photos), which waits for staff approval.
import { leaveReviewContract, reviewFormSchema, reviewRequestLookupContract } from '../../src/lib/api/leave-review.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { lookupReviewRequest, submitReview } from '../../src/server/services/leave-review';

export default defineHandlers(
  defineHandler(reviewRequestLookupContract, ({ query }) => withDb((db) => lookupReviewRequest(db, query.token))),
  defineHandler({ ...leaveReviewContract, request: reviewFormSchema }, ({ body, request, context, log }) => submitReview(body, { request, context, log }), { requires: ['CLIENT_HASH_SECRET'] }),
);

export const config = { path: '/api/leave-review' };
