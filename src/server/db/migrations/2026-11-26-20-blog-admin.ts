/**
 * Blog posts written in admin: a post is a draft (not published, no time), scheduled (not
 * published, `publish_at` set: the blog scheduler publishes it then) or published. The featured
 * picture is an uploaded image's id with its alt text and size; who changed the post last.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('blog_posts')
    .addColumn('publish_at', 'timestamptz')
    .addColumn('featured_image_alt', 'text')
    .addColumn('featured_image_width', 'integer')
    .addColumn('featured_image_height', 'integer')
    .addColumn('updated_by', 'text')
    .execute();
  await sql`alter table blog_posts add constraint blog_posts_schedule_check check (not (published and publish_at is not null))`.execute(db);
  await sql`alter table blog_posts add constraint blog_posts_image_check check (featured_image is null or (featured_image ~ '^[a-f0-9]{32}$' and featured_image_width > 0 and featured_image_height > 0 and featured_image_alt is not null))`.execute(db);
  await db.schema.createIndex('blog_posts_publish_at_idx').on('blog_posts').column('publish_at').where(sql.ref('publish_at'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('blog_posts_publish_at_idx').execute();
  await sql`alter table blog_posts drop constraint blog_posts_image_check, drop constraint blog_posts_schedule_check`.execute(db);
  await db.schema
    .alterTable('blog_posts')
    .dropColumn('publish_at')
    .dropColumn('featured_image_alt')
    .dropColumn('featured_image_width')
    .dropColumn('featured_image_height')
    .dropColumn('updated_by')
    .execute();
}
