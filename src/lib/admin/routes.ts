/**
 * Every admin screen: SPEC §2's admin routes plus the inbox and staff screens, in navigation order.
 * `ready: false` marks a screen listed before it is built (the navigation says "coming").
 */
export interface AdminRoute {
  path: string;
  label: string;
  /** What the screen is for, shown on it and in the navigation's description. */
  summary: string;
  ready: boolean;
  ownerOnly?: boolean;
}

export const adminRoutes: readonly AdminRoute[] = [
  { path: '/admin', label: 'Overview', summary: 'What needs a person now: new leads and bookings.', ready: true },
  { path: '/admin/leads', label: 'Leads and bookings', summary: 'Every estimate and booking request, with status, notes and history.', ready: true },
  { path: '/admin/customers', label: 'Customers', summary: 'Every customer with their addresses, jobs, orders and requests; merge duplicates.', ready: true },
  { path: '/admin/jobs', label: 'Jobs', summary: 'Work done for customers: add, edit, import from CSV, or receive from the field-service webhook.', ready: true },
  { path: '/admin/outbox', label: 'Email outbox', summary: 'Emails waiting, sent, and failed with the reason; send a failed one again.', ready: true },
  { path: '/admin/chatbot', label: 'Chat assistant', summary: 'Conversations, analytics and quick responses.', ready: true },
  { path: '/admin/tracking-numbers', label: 'Tracking numbers', summary: 'The phone number each traffic source sees.', ready: true },
  { path: '/admin/page-metadata', label: 'Page metadata', summary: 'Search titles, descriptions and canonical addresses per page.', ready: true },
  { path: '/admin/not-found', label: '404s and redirects', summary: 'Missing pages visitors asked for, and redirects to the pages they meant.', ready: true },
  { path: '/admin/dashboard', label: 'Site health', summary: 'Email outbox, reviews sync, database and publishing.', ready: true },
  { path: '/admin/blog', label: 'Blog', summary: 'Posts in Markdown: drafts, scheduled and published.', ready: true },
  { path: '/admin/products', label: 'Products', summary: 'Memberships and products sold in the store.', ready: true },
  { path: '/admin/orders', label: 'Orders', summary: 'Store orders: payment, items, addresses and emails; mark paid, cancel, refund.', ready: true },
  { path: '/admin/memberships', label: 'Memberships', summary: 'Memberships sold: address, dates, visits and renewal reminders.', ready: true },
  { path: '/admin/referrals', label: 'Referrals', summary: 'Referred friends with their status and flags, approvals, credits, and clicks per code.', ready: true },
  { path: '/admin/review-requests', label: 'Review requests', summary: 'Requests sent after completed jobs: their steps, settings and figures.', ready: true },
  { path: '/admin/reviews', label: 'Reviews', summary: 'Reviews customers leave: approve, reject or mark as spam, reply publicly, feature.', ready: true },
  { path: '/admin/email-templates', label: 'Email templates', summary: 'The wording of every message customers receive.', ready: true },
  { path: '/admin/success-stories', label: 'Success stories', summary: 'Stories customers send, waiting for approval.', ready: true },
  { path: '/admin/commercial-customers', label: 'Commercial customers', summary: 'Logos shown on the commercial pages.', ready: true },
  { path: '/admin/staff', label: 'Staff', summary: 'Who can sign in, their roles, and the audit log.', ready: true, ownerOnly: true },
];

/** Only a same-site admin path is followed after sign-in; anything else goes to /admin. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !/^\/admin(?:[/?#]|$)/.test(next) || next.startsWith('/admin/oauth-login') || /[\\\s]/.test(next)) return '/admin';
  return next;
}
