// /api/admin/*: every staff endpoint in one function (one bundle, one cold start for the admin
// screens). Each resource's handler lives in netlify/admin/ with its contract path; this routes by path.
import type { Context } from '@netlify/functions';
import audit, { path as auditPath } from '../admin/audit';
import blogImage, { path as blogImagePath } from '../admin/blog-image';
import blogImages, { path as blogImagesPath } from '../admin/blog-images';
import blogPost, { path as blogPostPath } from '../admin/blog-post';
import blogPosts, { path as blogPostsPath } from '../admin/blog-posts';
import blogPreview, { path as blogPreviewPath } from '../admin/blog-preview';
import chatbotAnalytics, { path as chatbotAnalyticsPath } from '../admin/chatbot-analytics';
import chatbotConversationEmail, { path as chatbotConversationEmailPath } from '../admin/chatbot-conversation-email';
import chatbotConversationNotes, { path as chatbotConversationNotesPath } from '../admin/chatbot-conversation-notes';
import chatbotConversation, { path as chatbotConversationPath } from '../admin/chatbot-conversation';
import chatbotConversations, { path as chatbotConversationsPath } from '../admin/chatbot-conversations';
import chatbotQuickResponseMove, { path as chatbotQuickResponseMovePath } from '../admin/chatbot-quick-response-move';
import chatbotQuickResponse, { path as chatbotQuickResponsePath } from '../admin/chatbot-quick-response';
import chatbotQuickResponses, { path as chatbotQuickResponsesPath } from '../admin/chatbot-quick-responses';
import commercialCustomerLogo, { path as commercialCustomerLogoPath } from '../admin/commercial-customer-logo';
import commercialCustomerLogos, { path as commercialCustomerLogosPath } from '../admin/commercial-customer-logos';
import commercialCustomer, { path as commercialCustomerPath } from '../admin/commercial-customer';
import commercialCustomers, { path as commercialCustomersPath } from '../admin/commercial-customers';
import customerAddresses, { path as customerAddressesPath } from '../admin/customer-addresses';
import customerLink, { path as customerLinkPath } from '../admin/customer-link';
import customerMerge, { path as customerMergePath } from '../admin/customer-merge';
import customer, { path as customerPath } from '../admin/customer';
import customers, { path as customersPath } from '../admin/customers';
import emailTemplatePreview, { path as emailTemplatePreviewPath } from '../admin/email-template-preview';
import emailTemplateTest, { path as emailTemplateTestPath } from '../admin/email-template-test';
import emailTemplate, { path as emailTemplatePath } from '../admin/email-template';
import emailTemplates, { path as emailTemplatesPath } from '../admin/email-templates';
import jobsImport, { path as jobsImportPath } from '../admin/jobs-import';
import job, { path as jobPath } from '../admin/job';
import jobs, { path as jobsPath } from '../admin/jobs';
import lead, { path as leadPath } from '../admin/lead';
import leadsCsv, { path as leadsCsvPath } from '../admin/leads-csv';
import leads, { path as leadsPath } from '../admin/leads';
import membershipVisits, { path as membershipVisitsPath } from '../admin/membership-visits';
import memberships, { path as membershipsPath } from '../admin/memberships';
import notFound, { path as notFoundPath } from '../admin/not-found';
import orderRefund, { path as orderRefundPath } from '../admin/order-refund';
import order, { path as orderPath } from '../admin/order';
import orders, { path as ordersPath } from '../admin/orders';
import outboxResend, { path as outboxResendPath } from '../admin/outbox-resend';
import outbox, { path as outboxPath } from '../admin/outbox';
import overview, { path as overviewPath } from '../admin/overview';
import pageMetadata, { path as pageMetadataPath } from '../admin/page-metadata';
import product, { path as productPath } from '../admin/product';
import products, { path as productsPath } from '../admin/products';
import publishing, { path as publishingPath } from '../admin/publishing';
import redirect, { path as redirectPath } from '../admin/redirect';
import referralCreditUse, { path as referralCreditUsePath } from '../admin/referral-credit-use';
import referralLedger, { path as referralLedgerPath } from '../admin/referral-ledger';
import referralReview, { path as referralReviewPath } from '../admin/referral-review';
import referrals, { path as referralsPath } from '../admin/referrals';
import reviewRequestResend, { path as reviewRequestResendPath } from '../admin/review-request-resend';
import reviewRequestStop, { path as reviewRequestStopPath } from '../admin/review-request-stop';
import reviewRequestSummary, { path as reviewRequestSummaryPath } from '../admin/review-request-summary';
import reviewRequests, { path as reviewRequestsPath } from '../admin/review-requests';
import reviewSettings, { path as reviewSettingsPath } from '../admin/review-settings';
import redirects, { path as redirectsPath } from '../admin/redirects';
import session, { path as sessionPath } from '../admin/session';
import signOutEverywhere, { path as signOutEverywherePath } from '../admin/sign-out-everywhere';
import siteHealth, { path as siteHealthPath } from '../admin/site-health';
import reviewPhoto, { path as reviewPhotoPath } from '../admin/review-photo';
import review, { path as reviewPath } from '../admin/review';
import reviews, { path as reviewsPath } from '../admin/reviews';
import successStories, { path as successStoriesPath } from '../admin/success-stories';
import successStoryPhoto, { path as successStoryPhotoPath } from '../admin/success-story-photo';
import successStory, { path as successStoryPath } from '../admin/success-story';
import staffMember, { path as staffMemberPath } from '../admin/staff-member';
import staff, { path as staffPath } from '../admin/staff';
import trackingNumber, { path as trackingNumberPath } from '../admin/tracking-number';
import trackingNumbers, { path as trackingNumbersPath } from '../admin/tracking-numbers';
import { appError } from '../../src/server/http/errors';
import { pathParams } from '../../src/server/http/handler';
import { errorResponse } from '../../src/server/http/response';

type Handler = (request: Request, context?: Context) => Promise<Response>;


const routes: [string, Handler][] = [
  [auditPath, audit],
  [blogImagePath, blogImage],
  [blogImagesPath, blogImages],
  [blogPostPath, blogPost],
  [blogPostsPath, blogPosts],
  [blogPreviewPath, blogPreview],
  [chatbotAnalyticsPath, chatbotAnalytics],
  [chatbotConversationEmailPath, chatbotConversationEmail],
  [chatbotConversationNotesPath, chatbotConversationNotes],
  [chatbotConversationPath, chatbotConversation],
  [chatbotConversationsPath, chatbotConversations],
  [chatbotQuickResponseMovePath, chatbotQuickResponseMove],
  [chatbotQuickResponsePath, chatbotQuickResponse],
  [chatbotQuickResponsesPath, chatbotQuickResponses],
  // The logo paths come before /:id, which would otherwise take /logos as an id.
  [commercialCustomerLogoPath, commercialCustomerLogo],
  [commercialCustomerLogosPath, commercialCustomerLogos],
  [commercialCustomerPath, commercialCustomer],
  [commercialCustomersPath, commercialCustomers],
  [customerAddressesPath, customerAddresses],
  [customerLinkPath, customerLink],
  [customerMergePath, customerMerge],
  [customerPath, customer],
  [customersPath, customers],
  [emailTemplatePreviewPath, emailTemplatePreview],
  [emailTemplateTestPath, emailTemplateTest],
  [emailTemplatePath, emailTemplate],
  [emailTemplatesPath, emailTemplates],
  // Before jobs/:id, which would otherwise take "import" for an id.
  [jobsImportPath, jobsImport],
  [jobPath, job],
  [jobsPath, jobs],
  [leadPath, lead],
  [leadsCsvPath, leadsCsv],
  [leadsPath, leads],
  [membershipVisitsPath, membershipVisits],
  [membershipsPath, memberships],
  [notFoundPath, notFound],
  [orderRefundPath, orderRefund],
  [orderPath, order],
  [ordersPath, orders],
  [outboxResendPath, outboxResend],
  [outboxPath, outbox],
  [overviewPath, overview],
  [pageMetadataPath, pageMetadata],
  [productPath, product],
  [productsPath, products],
  [publishingPath, publishing],
  [redirectPath, redirect],
  [redirectsPath, redirects],
  [referralCreditUsePath, referralCreditUse],
  [referralLedgerPath, referralLedger],
  [referralReviewPath, referralReview],
  [referralsPath, referrals],
  [reviewRequestResendPath, reviewRequestResend],
  [reviewRequestStopPath, reviewRequestStop],
  [reviewRequestSummaryPath, reviewRequestSummary],
  [reviewSettingsPath, reviewSettings],
  [reviewRequestsPath, reviewRequests],
  // The photo path comes before /:id, which would otherwise take "photos" for an id.
  [reviewPhotoPath, reviewPhoto],
  [reviewPath, review],
  [reviewsPath, reviews],
  [sessionPath, session],
  [signOutEverywherePath, signOutEverywhere],
  [siteHealthPath, siteHealth],
  [staffMemberPath, staffMember],
  [staffPath, staff],
  [successStoryPhotoPath, successStoryPhoto],
  [successStoryPath, successStory],
  [successStoriesPath, successStories],
  [trackingNumberPath, trackingNumber],
  [trackingNumbersPath, trackingNumbers],
];

/** The paths this function routes, for the test that compares them with `config.path` and the contracts. */
export const routedPaths = routes.map(([path]) => path);

export default async function admin(request: Request, context?: Context): Promise<Response> {
  const { pathname } = new URL(request.url);
  const route = routes.find(([path]) => pathParams(path, pathname));
  if (route) return route[1](request, context);
  const { status, message, options } = appError('NotFound');
  return errorResponse(status, message, options);
}

// Netlify reads these paths from the source, so they are written out; a test checks they match the routes.
export const config = {
  path: [
    '/api/admin/audit',
    '/api/admin/blog/images/:id',
    '/api/admin/blog/images',
    '/api/admin/blog/posts/:id',
    '/api/admin/blog/posts',
    '/api/admin/blog/preview',
    '/api/admin/chatbot/analytics',
    '/api/admin/chatbot/conversations/:id/email',
    '/api/admin/chatbot/conversations/:id/notes',
    '/api/admin/chatbot/conversations/:id',
    '/api/admin/chatbot/conversations',
    '/api/admin/chatbot/quick-responses/:id/move',
    '/api/admin/chatbot/quick-responses/:id',
    '/api/admin/chatbot/quick-responses',
    '/api/admin/commercial-customers/logos/:id',
    '/api/admin/commercial-customers/logos',
    '/api/admin/commercial-customers/:id',
    '/api/admin/commercial-customers',
    '/api/admin/customers/:id/addresses',
    '/api/admin/customers/:id/link',
    '/api/admin/customers/:id/merge',
    '/api/admin/customers/:id',
    '/api/admin/customers',
    '/api/admin/email-templates/:key/preview',
    '/api/admin/email-templates/:key/test',
    '/api/admin/email-templates/:key',
    '/api/admin/email-templates',
    '/api/admin/jobs/import',
    '/api/admin/jobs/:id',
    '/api/admin/jobs',
    '/api/admin/leads/:id',
    '/api/admin/leads.csv',
    '/api/admin/leads',
    '/api/admin/memberships/:id/visits',
    '/api/admin/memberships',
    '/api/admin/not-found',
    '/api/admin/orders/:id/refund',
    '/api/admin/orders/:id',
    '/api/admin/orders',
    '/api/admin/outbox/:id/resend',
    '/api/admin/outbox',
    '/api/admin/overview',
    '/api/admin/page-metadata',
    '/api/admin/products/:id',
    '/api/admin/products',
    '/api/admin/publishing',
    '/api/admin/redirects/:id',
    '/api/admin/redirects',
    '/api/admin/referrals/credits/:id/use',
    '/api/admin/referrals/ledger',
    '/api/admin/referrals/:id/review',
    '/api/admin/referrals',
    '/api/admin/review-requests/summary',
    '/api/admin/review-requests/settings',
    '/api/admin/review-requests/:id/resend',
    '/api/admin/review-requests/:id/stop',
    '/api/admin/review-requests',
    '/api/admin/reviews/photos/:id',
    '/api/admin/reviews/:id',
    '/api/admin/reviews',
    '/api/admin/session',
    '/api/admin/session/sign-out-everywhere',
    '/api/admin/site-health',
    '/api/admin/staff/:id',
    '/api/admin/staff',
    '/api/admin/success-stories/photos/:id',
    '/api/admin/success-stories/:id',
    '/api/admin/success-stories',
    '/api/admin/tracking-numbers/:id',
    '/api/admin/tracking-numbers',
  ],
};
