/** The blog_posts table: posts seeded from src/content/blog and, later, edited in admin. */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface BlogPostTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** Markdown. */
  content: string;
  excerpt: string;
  meta_description: string;
  featured_image: string | null;
  category: string;
  author: string;
  publish_date: ColumnType<Date, Date | string, Date | string>;
  published: Generated<boolean>;
  /** Local sample rows; never inserted in production. */
  is_demo: Generated<boolean>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date | string>;
}

export type BlogPost = Selectable<BlogPostTable>;
export type NewBlogPost = Insertable<BlogPostTable>;
export type BlogPostUpdate = Updateable<BlogPostTable>;
