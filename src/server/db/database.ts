/** The database as Kysely sees it: one entry per table, typed in ./tables. */
import type { Kysely } from 'kysely';
import type { BlogPostTable } from './tables/blog-post.table';
import type { LeadTable } from './tables/lead.table';
import type { NotFoundHitTable } from './tables/not-found-hit.table';
import type { OutboxMessageTable } from './tables/outbox-message.table';
import type { PageMetadataTable } from './tables/page-metadata.table';
import type { ProductTable } from './tables/product.table';
import type { RateLimitCounterTable } from './tables/rate-limit.table';
import type { ReviewTable } from './tables/review.table';
import type { TrackingNumberTable } from './tables/tracking-number.table';
import type { AuditLogTable, AuthSessionTable, AuthUserTable, StaffMemberTable } from './tables/staff.table';
import type { ChatConversationTable, ChatFeedbackTable, ChatImageTable, ChatMessageTable, ChatNoteTable, ChatQuickResponseTable } from './tables/chat.table';
import type { PublishRequestTable, RedirectTable, ScheduledRunTable, SiteBuildTable } from './tables/publishing.table';

export interface Database {
  blog_posts: BlogPostTable;
  leads: LeadTable;
  not_found_hits: NotFoundHitTable;
  outbox_messages: OutboxMessageTable;
  page_metadata: PageMetadataTable;
  products: ProductTable;
  rate_limit_counters: RateLimitCounterTable;
  reviews: ReviewTable;
  tracking_numbers: TrackingNumberTable;
  chat_conversations: ChatConversationTable;
  chat_messages: ChatMessageTable;
  chat_feedback: ChatFeedbackTable;
  chat_images: ChatImageTable;
  chat_notes: ChatNoteTable;
  chat_quick_responses: ChatQuickResponseTable;
  staff_members: StaffMemberTable;
  audit_log: AuditLogTable;
  auth_users: AuthUserTable;
  auth_sessions: AuthSessionTable;
  site_builds: SiteBuildTable;
  publish_requests: PublishRequestTable;
  redirects: RedirectTable;
  scheduled_runs: ScheduledRunTable;
}

export type Db = Kysely<Database>;
