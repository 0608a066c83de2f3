// /api/admin/*: every staff endpoint in one function (one bundle, one cold start for the admin
// screens). Each resource's handler lives in netlify/admin/ with its contract path; this routes by path.
import type { Context } from '@netlify/functions';
import audit, { path as auditPath } from '../admin/audit';
import chatbotAnalytics, { path as chatbotAnalyticsPath } from '../admin/chatbot-analytics';
import chatbotConversationEmail, { path as chatbotConversationEmailPath } from '../admin/chatbot-conversation-email';
import chatbotConversationNotes, { path as chatbotConversationNotesPath } from '../admin/chatbot-conversation-notes';
import chatbotConversation, { path as chatbotConversationPath } from '../admin/chatbot-conversation';
import chatbotConversations, { path as chatbotConversationsPath } from '../admin/chatbot-conversations';
import chatbotQuickResponseMove, { path as chatbotQuickResponseMovePath } from '../admin/chatbot-quick-response-move';
import chatbotQuickResponse, { path as chatbotQuickResponsePath } from '../admin/chatbot-quick-response';
import chatbotQuickResponses, { path as chatbotQuickResponsesPath } from '../admin/chatbot-quick-responses';
import lead, { path as leadPath } from '../admin/lead';
import leadsCsv, { path as leadsCsvPath } from '../admin/leads-csv';
import leads, { path as leadsPath } from '../admin/leads';
import notFound, { path as notFoundPath } from '../admin/not-found';
import outboxResend, { path as outboxResendPath } from '../admin/outbox-resend';
import outbox, { path as outboxPath } from '../admin/outbox';
import overview, { path as overviewPath } from '../admin/overview';
import pageMetadata, { path as pageMetadataPath } from '../admin/page-metadata';
import product, { path as productPath } from '../admin/product';
import products, { path as productsPath } from '../admin/products';
import publishing, { path as publishingPath } from '../admin/publishing';
import redirect, { path as redirectPath } from '../admin/redirect';
import redirects, { path as redirectsPath } from '../admin/redirects';
import session, { path as sessionPath } from '../admin/session';
import signOutEverywhere, { path as signOutEverywherePath } from '../admin/sign-out-everywhere';
import siteHealth, { path as siteHealthPath } from '../admin/site-health';
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
  [chatbotAnalyticsPath, chatbotAnalytics],
  [chatbotConversationEmailPath, chatbotConversationEmail],
  [chatbotConversationNotesPath, chatbotConversationNotes],
  [chatbotConversationPath, chatbotConversation],
  [chatbotConversationsPath, chatbotConversations],
  [chatbotQuickResponseMovePath, chatbotQuickResponseMove],
  [chatbotQuickResponsePath, chatbotQuickResponse],
  [chatbotQuickResponsesPath, chatbotQuickResponses],
  [leadPath, lead],
  [leadsCsvPath, leadsCsv],
  [leadsPath, leads],
  [notFoundPath, notFound],
  [outboxResendPath, outboxResend],
  [outboxPath, outbox],
  [overviewPath, overview],
  [pageMetadataPath, pageMetadata],
  [productPath, product],
  [productsPath, products],
  [publishingPath, publishing],
  [redirectPath, redirect],
  [redirectsPath, redirects],
  [sessionPath, session],
  [signOutEverywherePath, signOutEverywhere],
  [siteHealthPath, siteHealth],
  [staffMemberPath, staffMember],
  [staffPath, staff],
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
    '/api/admin/chatbot/analytics',
    '/api/admin/chatbot/conversations/:id/email',
    '/api/admin/chatbot/conversations/:id/notes',
    '/api/admin/chatbot/conversations/:id',
    '/api/admin/chatbot/conversations',
    '/api/admin/chatbot/quick-responses/:id/move',
    '/api/admin/chatbot/quick-responses/:id',
    '/api/admin/chatbot/quick-responses',
    '/api/admin/leads/:id',
    '/api/admin/leads.csv',
    '/api/admin/leads',
    '/api/admin/not-found',
    '/api/admin/outbox/:id/resend',
    '/api/admin/outbox',
    '/api/admin/overview',
    '/api/admin/page-metadata',
    '/api/admin/products/:id',
    '/api/admin/products',
    '/api/admin/publishing',
    '/api/admin/redirects/:id',
    '/api/admin/redirects',
    '/api/admin/session',
    '/api/admin/session/sign-out-everywhere',
    '/api/admin/site-health',
    '/api/admin/staff/:id',
    '/api/admin/staff',
    '/api/admin/tracking-numbers/:id',
    '/api/admin/tracking-numbers',
  ],
};
