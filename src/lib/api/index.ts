/** Every API contract. A test checks each has a function in netlify/functions with the same literal path. */
import type { ApiContract } from './contract';
import { bookingContract } from './booking.contract';
import { chatImageContract } from './chat-image.contract';
import { chatContract, chatEndContract, chatFeedbackContract, chatUploadContract } from './chat.contract';
import { contactContract } from './contact.contract';
import { healthContract } from './health.contract';
import { pageMetadataContract } from './page-metadata.contract';
import { reviewsContract } from './reviews.contract';
import { track404Contract } from './track-404.contract';
import { trackingNumbersContract } from './tracking-numbers.contract';
import { adminLeadContract, adminLeadCsvContract, adminLeadListContract, adminLeadUpdateContract, adminOverviewContract } from './admin/leads.contract';
import { adminSessionContract, signOutEverywhereContract } from './admin/session.contract';
import { adminPageMetadataDeleteContract, adminPageMetadataListContract, adminPageMetadataSaveContract } from './admin/page-metadata.contract';
import { adminTrackingAddContract, adminTrackingListContract, adminTrackingUpdateContract } from './admin/tracking-numbers.contract';
import { adminOutboxContract, adminOutboxResendContract } from './admin/outbox.contract';
import {
  adminChatAnalyticsContract, adminChatArchiveContract, adminChatConversationContract, adminChatConversationsContract, adminChatEmailContract, adminChatNoteContract,
  adminQuickResponseAddContract, adminQuickResponseMoveContract, adminQuickResponsesContract, adminQuickResponseUpdateContract,
} from './admin/chatbot.contract';
import { adminNotFoundContract, adminPublishingContract, adminPublishNowContract, adminRedirectCreateContract, adminRedirectDeleteContract, adminRedirectListContract, adminRedirectUpdateContract, adminSiteHealthContract } from './admin/publishing.contract';
import { adminProductCreateContract, adminProductListContract, adminProductOrderContract, adminProductPricingContract, adminProductUpdateContract } from './admin/products.contract';
import { adminAuditContract, adminStaffAddContract, adminStaffListContract, adminStaffUpdateContract } from './admin/staff.contract';

/** Staff-only endpoints under /api/admin/ (a test checks each is `staff` or `owner`). */
export const adminContracts: readonly ApiContract[] = [
  adminLeadContract, adminLeadCsvContract, adminLeadListContract, adminLeadUpdateContract, adminOverviewContract, adminSessionContract, signOutEverywhereContract,
  adminStaffListContract, adminStaffAddContract, adminStaffUpdateContract, adminAuditContract, adminOutboxContract, adminOutboxResendContract,
  adminPageMetadataListContract, adminPageMetadataSaveContract, adminPageMetadataDeleteContract,
  adminTrackingListContract, adminTrackingAddContract, adminTrackingUpdateContract,
  adminChatConversationsContract, adminChatConversationContract, adminChatArchiveContract, adminChatNoteContract, adminChatEmailContract, adminChatAnalyticsContract,
  adminQuickResponsesContract, adminQuickResponseAddContract, adminQuickResponseUpdateContract, adminQuickResponseMoveContract,
  adminPublishingContract, adminPublishNowContract, adminNotFoundContract, adminRedirectListContract, adminRedirectCreateContract,
  adminRedirectUpdateContract, adminRedirectDeleteContract, adminSiteHealthContract,
  adminProductListContract, adminProductCreateContract, adminProductOrderContract, adminProductUpdateContract, adminProductPricingContract,
];

export {
  bookingContract, chatContract, chatEndContract, chatFeedbackContract, chatImageContract, chatUploadContract, contactContract,
  healthContract, pageMetadataContract, reviewsContract, track404Contract, trackingNumbersContract,
};
export const contracts: readonly ApiContract[] = [
  bookingContract, chatContract, chatEndContract, chatFeedbackContract, chatImageContract, chatUploadContract, contactContract,
  healthContract, pageMetadataContract, reviewsContract, track404Contract, trackingNumbersContract, ...adminContracts,
];

/**
 * Paths served by a library rather than by our contracts: Better Auth's sign-in routes
 * (netlify/functions/auth.ts), which check their own input, origin and rate limits.
 */
export const libraryRoutes = ['/api/auth/*'] as const;
