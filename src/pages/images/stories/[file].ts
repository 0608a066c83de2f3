/** /images/stories/<id>-<width>.webp: the copies of approved stories' chosen photos, made at build time. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { cities } from '../../../business';
import { loadApprovedStories } from '../../../server/stories/approved-stories';
import { pictureVariants, renderVariant } from '../../../server/uploads/built-images';

export const getStaticPaths = (async () => {
  const stories = await loadApprovedStories((id) => cities.find((c) => c.id === id)?.name ?? id);
  return stories.flatMap((story) => [story.before, story.after].flatMap((photo) => {
    if (!photo) return [];
    const missing = `A photo of the success story from ${story.name}, ${story.cityName} is missing from the story image store (id ${photo.id}). Open the story in /admin/success-stories and hide that photo, then publish.`;
    return pictureVariants(photo, 'stories').map((variant) => ({ params: { file: variant.path.split('/').pop()! }, props: { id: photo.id, width: variant.width, missing } }));
  }));
}) satisfies GetStaticPaths;

interface Props { id: string; width: number; missing: string }

export const GET: APIRoute<Props> = async ({ props }) => {
  const bytes = await renderVariant('stories', props.id, props.width, props.missing);
  return new Response(bytes.slice().buffer as ArrayBuffer, { headers: { 'Content-Type': 'image/webp' } });
};
