/** Reads of the success_stories table for the public pages (staff reads and writes: services/admin-success-stories.ts). */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { SuccessStory } from '../db/tables/success-story.table';

/** The stories the public pages may show: approved only (never pending or spam), featured first, newest approval first. */
export async function listApprovedStories(db: Kysely<Database>): Promise<SuccessStory[]> {
  return db
    .selectFrom('success_stories')
    .selectAll()
    .where('status', '=', 'approved')
    .orderBy('featured', 'desc')
    .orderBy('approved_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
