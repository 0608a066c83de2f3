/** Build-time read of the approved success stories, for /success-stories and the service pages. */
import type { Kysely } from 'kysely';
import { withDb } from '../db/connect';
import type { Database } from '../db/database';
import { listApprovedStories } from '../repositories/success-story.repository';
import type { StoryView } from '../../lib/success-stories';

export type { StoryView };

let cached: Promise<StoryView[]> | undefined;

/** The approved stories as the pages show them (never pending or spam), featured first, newest first; photos only where staff chose to show them. */
export async function approvedStoryViews(db: Kysely<Database>, cityName: (id: string) => string): Promise<StoryView[]> {
  const rows = await listApprovedStories(db);
  return rows.map((r) => ({
    id: r.id, name: r.name, cityName: cityName(r.city), service: r.service, story: r.story, featured: r.featured,
    before: r.show_before && r.before_photo && r.before_width && r.before_height ? { id: r.before_photo, width: r.before_width, height: r.before_height } : null,
    after: r.show_after && r.after_photo && r.after_width && r.after_height ? { id: r.after_photo, width: r.after_width, height: r.after_height } : null,
  }));
}

/** {@link approvedStoryViews} from the site's database, read once per build. */
export function loadApprovedStories(cityName: (id: string) => string): Promise<StoryView[]> {
  cached ??= withDb((db) => approvedStoryViews(db, cityName));
  return cached;
}
