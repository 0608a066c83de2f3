/**
 * An uploaded image made safe to keep: its real kind read from its magic bytes (name and declared
 * type are not trusted; SVG and anything else that is not a photo is refused), decoded with a pixel
 * limit (a decompression bomb is refused, not expanded), scaled to fit a box, and re-encoded as JPEG,
 * which drops EXIF and GPS metadata and anything hidden after the image data.
 */
import { HttpError } from '../http/response';
import { sniffImage } from './image-check';

/** More pixels than any phone camera takes: a file claiming more is refused before it is decoded. */
export const maxInputPixels = 50_000_000;

export interface ReencodedImage { data: Uint8Array; width: number; height: number }

/** Decodes and re-encodes the image to fit `maxEdge`; throws a 4xx for anything that is not a readable photo. */
export async function reencodeImage(bytes: Uint8Array, maxEdge: number, what = 'photo'): Promise<ReencodedImage> {
  const kind = sniffImage(bytes);
  if (!kind) throw new HttpError(415, `Only ${what}s in JPEG, PNG, WebP, GIF or HEIC format can be uploaded (not SVG or other files). Choose a ${what} and try again.`);
  // Loaded on first upload: functions that only serve images back never need the native module.
  const { default: sharp } = await import('sharp');
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data), width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new HttpError(413, `The ${what} has more than 50 million pixels. Choose a smaller ${what} or a screenshot of it.`);
    }
    if (kind === 'heic') {
      throw new HttpError(415, `HEIC ${what}s cannot be read here yet. Set your camera to "Most Compatible" or upload a screenshot of the ${what} instead.`);
    }
    throw new HttpError(400, `The ${what} could not be read; it may be damaged. Choose another ${what} and try again.`);
  }
}
