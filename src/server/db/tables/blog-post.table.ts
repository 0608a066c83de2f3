/** The blog_posts table: posts seeded from src/content/blog and written in admin (/admin/blog). */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface BlogPostTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** Markdown. */
  content: string;
  excerpt: string;
  meta_description: string;
  /** The uploaded picture's id in the blog image store (32 hex digits), with its alt text and size. */
  featured_image: string | null;
  featured_image_alt: ColumnType<string | null, string | null | undefined, string | null>;
  featured_image_width: ColumnType<number | null, number | null | undefined, number | null>;
  featured_image_height: ColumnType<number | null, number | null | undefined, number | null>;
  category: string;
  author: string;
  publish_date: ColumnType<Date, Date | string, Date | string>;
  published: Generated<boolean>;
  /** When a scheduled post goes live (the blog scheduler publishes it); null for drafts and published posts. */
  publish_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Who last changed it in admin; null for seeded posts. */
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Local sample rows; never inserted in production. */
  is_demo: Generated<boolean>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date | string>;
}

export type BlogPost = Selectable<BlogPostTable>;
export type NewBlogPost = Insertable<BlogPostTable>;
export type BlogPostUpdate = Updateable<BlogPostTable>;
