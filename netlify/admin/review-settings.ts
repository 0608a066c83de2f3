// PUT /api/admin/review-requests/settings: the review links, master switch and send hour (audited).
import { adminReviewSettingsContract } from '../../src/lib/api/admin/review-requests.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { saveReviewSettingsByStaff } from '../../src/server/services/admin-review-requests';

export default defineHandler(adminReviewSettingsContract, ({ body, staff, requestId }) => withDb((db) => saveReviewSettingsByStaff(db, body, { email: staff.email, requestId })));

export const path = '/api/admin/review-requests/settings';
