/** /images/logos/<id>-<width>.webp: the copies of shown commercial customers' logos, made at build time. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { loadShownCustomers } from '../../../server/commercial/shown-customers';
import { pictureVariants, renderVariant } from '../../../server/uploads/built-images';

export const getStaticPaths = (async () => {
  const customers = await loadShownCustomers();
  return customers.flatMap((customer) => {
    const logo = customer.logo;
    if (!logo) return [];
    const missing = `The logo of the commercial customer ${customer.name} is missing from the logo image store (id ${logo.id}). Open the customer in /admin/commercial-customers and upload the logo again, or remove it, then publish.`;
    return pictureVariants(logo, 'logos').map((variant) => ({ params: { file: variant.path.split('/').pop()! }, props: { id: logo.id, width: variant.width, missing } }));
  });
}) satisfies GetStaticPaths;

interface Props { id: string; width: number; missing: string }

export const GET: APIRoute<Props> = async ({ props }) => {
  const bytes = await renderVariant('logos', props.id, props.width, props.missing);
  return new Response(bytes.slice().buffer as ArrayBuffer, { headers: { 'Content-Type': 'image/webp' } });
};
