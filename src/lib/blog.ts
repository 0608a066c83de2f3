/** Blog post shape shared by the pages that render posts, and the SPEC §5 description fallback. */
export interface BlogPostView {
  slug: string;
  title: string;
  content: string;
  excerpt: string | null;
  metaDescription: string | null;
  category: string;
  author: string;
  publishDate: string;
  /** The uploaded featured picture (its id in the blog image store), with alt text and size. */
  featuredImage: { id: string; alt: string; width: number; height: number } | null;
}

/** The meta description, else the excerpt, else the first 160 characters of the content (SPEC §5). */
export function describePost(post: Pick<BlogPostView, 'metaDescription' | 'excerpt' | 'content'>): string {
  if (post.metaDescription) return post.metaDescription;
  if (post.excerpt) return post.excerpt;
  const plain = post.content.replace(/[#*_>`\[\]()]/g, '').replace(/\s+/g, ' ').trim();
  return plain.slice(0, 160);
}

/** Word count splits on whitespace (SPEC §5). */
export const wordCount = (content: string): number => content.split(/\s+/).filter(Boolean).length;
