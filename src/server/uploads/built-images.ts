/**
 * The copies of an uploaded picture that the build writes (their addresses: lib/picture-variants.ts).
 * A picture missing from its store fails the build with the sentence the caller gives (which post or
 * story, what to do), and the site keeps serving the last build.
 */
import { imageStore, type UploadArea } from './image-store';
import { maxInputPixels } from './reencode-image';

export { pictureVariants, type ImageVariant } from '../../lib/picture-variants';

export class MissingPictureError extends Error {
  override name = 'MissingPictureError';
}

/** One copy's WebP bytes, made from the stored picture; `missing` is the build error when it is not stored. */
export async function renderVariant(area: UploadArea, id: string, width: number, missing: string): Promise<Uint8Array> {
  const bytes = await imageStore(process.env, area).get(id);
  if (!bytes) throw new MissingPictureError(missing);
  const { default: sharp } = await import('sharp');
  return new Uint8Array(await sharp(bytes, { limitInputPixels: maxInputPixels }).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer());
}
