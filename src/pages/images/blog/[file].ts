/** /images/blog/<id>-<width>.webp: the copies of published posts' featured pictures, made at build time. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadPublishedPosts } from '../../../server/blog/published-posts';
import { pictureVariants, renderVariant } from '../../../server/uploads/built-images';

export const getStaticPaths = (async () => {
  const posts = await loadPublishedPosts();
  return posts.flatMap((post) => {
    const image = post.featuredImage;
    if (!image) return [];
    const missing = `The featured picture of the blog post "${post.title}" (/${post.slug}) is missing from the blog image store (id ${image.id}). Open the post in /admin/blog and upload its picture again, or remove it, then publish.`;
    return pictureVariants(image, 'blog').map((variant) => ({ params: { file: variant.path.split('/').pop()! }, props: { id: image.id, width: variant.width, missing } }));
  });
}) satisfies GetStaticPaths;

interface Props { id: string; width: number; missing: string }

export const GET: APIRoute<Props> = async ({ props }) => {
  const bytes = await renderVariant('blog', props.id, props.width, props.missing);
  return new Response(bytes.slice().buffer as ArrayBuffer, { headers: { 'Content-Type': 'image/webp' } });
};
