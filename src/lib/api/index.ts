/** Every API contract. A test checks each has a function in netlify/functions with the same literal path. */
import type { ApiContract } from './contract';
import { bookingContract } from './booking.contract';
import { chatImageContract } from './chat-image.contract';
import { chatContract, chatEndContract, chatFeedbackContract, chatUploadContract } from './chat.contract';
import { contactContract } from './contact.contract';
import { healthContract } from './health.contract';
import { pageMetadataContract } from './page-metadata.contract';
import { reviewPhotoContract, reviewsContract } from './reviews.contract';
import { track404Contract } from './track-404.contract';
import { trackingNumbersContract } from './tracking-numbers.contract';
import { storySubmitContract } from './success-stories.contract';
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
import { adminBlogCreateContract, adminBlogImageContract, adminBlogImageUploadContract, adminBlogListContract, adminBlogPostContract, adminBlogPreviewContract, adminBlogUpdateContract } from './admin/blog.contract';
import { adminStoryDeleteContract, adminStoryListContract, adminStoryPhotoContract, adminStoryUpdateContract } from './admin/success-stories.contract';
import {
  adminCommercialCustomerCreateContract, adminCommercialCustomerDeleteContract, adminCommercialCustomerListContract, adminCommercialCustomerLogoContract, adminCommercialCustomerLogoUploadContract, adminCommercialCustomerUpdateContract,
} from './admin/commercial-customers.contract';
import { checkoutContract, checkoutStatusContract } from './checkout.contract';
import { renewalPrefillContract } from './renewal.contract';
import { adminMembershipListContract, adminMembershipVisitsContract, adminOrderContract, adminOrderListContract, adminOrderRefundContract, adminOrderUpdateContract } from './admin/orders.contract';
import { stripeWebhookContract } from './stripe-webhook.contract';
import { jobsWebhookContract } from './jobs-webhook.contract';
import { smsSignupContract, twilioWebhookContract } from './sms.contract';
import { portalContracts, portalSignedInContract } from './portal.contract';
import { referAFriendContract, referralOfferContract, referralOfferLookupContract } from './referrals.contract';
import { adminReferralCreditUseContract, adminReferralLedgerContract, adminReferralListContract, adminReferralReviewContract } from './admin/referrals.contract';
import { adminReviewRequestListContract, adminReviewRequestResendContract, adminReviewRequestStopContract, adminReviewRequestSummaryContract, adminReviewSettingsContract } from './admin/review-requests.contract';
import {
  adminCustomerAddressContract, adminCustomerContract, adminCustomerCreateContract, adminCustomerLinkContract, adminCustomerListContract, adminCustomerMergeContract, adminCustomerUpdateContract,
} from './admin/customers.contract';
import { adminJobCreateContract, adminJobImportContract, adminJobListContract, adminJobUpdateContract } from './admin/jobs.contract';
import { adminEmailTemplateListContract, adminEmailTemplatePreviewContract, adminEmailTemplateRevertContract, adminEmailTemplateSaveContract, adminEmailTemplateTestContract } from './admin/email-templates.contract';
import { emailPreferencesContract, emailPreferencesSaveContract, oneClickPageContract, oneClickUnsubscribeContract, unsubscribeRequestContract } from './email-preferences.contract';
import { adminReviewListContract, adminReviewPhotoContract, adminReviewUpdateContract } from './admin/reviews.contract';
import { leaveReviewContract, reviewRequestLookupContract } from './leave-review.contract';
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
  adminBlogListContract, adminBlogCreateContract, adminBlogPostContract, adminBlogUpdateContract, adminBlogPreviewContract, adminBlogImageUploadContract, adminBlogImageContract,
  adminStoryListContract, adminStoryUpdateContract, adminStoryDeleteContract, adminStoryPhotoContract,
  adminOrderListContract, adminOrderContract, adminOrderUpdateContract, adminOrderRefundContract, adminMembershipListContract, adminMembershipVisitsContract,
  adminCommercialCustomerListContract, adminCommercialCustomerCreateContract, adminCommercialCustomerUpdateContract, adminCommercialCustomerDeleteContract, adminCommercialCustomerLogoUploadContract, adminCommercialCustomerLogoContract,
  adminCustomerListContract, adminCustomerCreateContract, adminCustomerContract, adminCustomerUpdateContract, adminCustomerAddressContract, adminCustomerMergeContract, adminCustomerLinkContract,
  adminJobListContract, adminJobCreateContract, adminJobUpdateContract, adminJobImportContract,
  adminReferralListContract, adminReferralReviewContract, adminReferralLedgerContract, adminReferralCreditUseContract,
  adminReviewRequestListContract, adminReviewRequestStopContract, adminReviewRequestResendContract, adminReviewSettingsContract, adminReviewRequestSummaryContract,
  adminEmailTemplateListContract, adminEmailTemplateSaveContract, adminEmailTemplateRevertContract, adminEmailTemplatePreviewContract, adminEmailTemplateTestContract,
  adminReviewListContract, adminReviewUpdateContract, adminReviewPhotoContract,
];

export {
  bookingContract, chatContract, chatEndContract, chatFeedbackContract, chatImageContract, chatUploadContract, contactContract,
  healthContract, pageMetadataContract, reviewsContract, storySubmitContract, track404Contract, trackingNumbersContract,
};
export { checkoutContract, checkoutStatusContract, jobsWebhookContract, renewalPrefillContract, stripeWebhookContract };
export { referAFriendContract, referralOfferContract, referralOfferLookupContract };
export { smsSignupContract, twilioWebhookContract };
export { leaveReviewContract, reviewPhotoContract, reviewRequestLookupContract };
export const contracts: readonly ApiContract[] = [
  bookingContract, chatContract, chatEndContract, chatFeedbackContract, chatImageContract, chatUploadContract, contactContract,
  healthContract, pageMetadataContract, reviewsContract, storySubmitContract, track404Contract, trackingNumbersContract, ...adminContracts,
  checkoutContract, checkoutStatusContract, renewalPrefillContract, stripeWebhookContract, jobsWebhookContract, portalSignedInContract, ...portalContracts,
  referralOfferLookupContract, referralOfferContract, referAFriendContract,
  emailPreferencesContract, emailPreferencesSaveContract, oneClickUnsubscribeContract, oneClickPageContract, unsubscribeRequestContract,
  smsSignupContract, twilioWebhookContract,
  reviewRequestLookupContract, leaveReviewContract, reviewPhotoContract,
];

/**
 * Paths served by a library rather than by our contracts: Better Auth's sign-in routes for staff
 * (netlify/functions/auth.ts) and for customers (netlify/functions/portal-auth.ts), which check
 * their own input, origin and rate limits.
 */
export const libraryRoutes = ['/api/auth/*', '/api/portal/auth/*'] as const;

/**
 * Page paths a function answers with a redirect, not an API answer (no contract): the referral links
 * (netlify/functions/referral-landing.ts), which always land on /referral-offer.
 */
export const pageFunctionRoutes = ['/ref/:code', '/referred-by/:id'] as const;
