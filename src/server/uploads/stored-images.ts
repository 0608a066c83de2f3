/**
 * Staff uploads kept in an area's image store (blog pictures, customer logos): the file's size
 * checked, then checked and re-encoded by `reencodeImage` (magic bytes, no SVG, the pixel limit),
 * stored under a random id; read back and measured by id. The build makes the copies pages use.
 */
import { randomBytes } from 'node:crypto';
import { HttpError } from '../http/response';
import { imageStore, validImageId, type UploadArea } from './image-store';
import { reencodeImage } from './reencode-image';

export interface StoredImageRules {
  /** The largest file accepted, in bytes. */
  maxBytes: number;
  /** The longest edge kept, in pixels. */
  maxEdge: number;
  /** What the screen calls it, in the error sentences: "picture", "logo". */
  what: string;
  /** The form field, for the error's field list. */
  field: string;
}

export async function storeUploadedImage(area: UploadArea, file: File, rules: StoredImageRules): Promise<{ id: string; width: number; height: number }> {
  const { what, field } = rules;
  if (file.size === 0) throw new HttpError(400, `The ${what} is empty. Choose a ${what} and try again.`, { fields: { [field]: `Choose a ${what}.` } });
  if (file.size > rules.maxBytes) {
    const mb = Math.round(rules.maxBytes / (1024 * 1024));
    throw new HttpError(413, `The ${what} is larger than ${mb} MB. Choose a smaller ${what}.`, { fields: { [field]: `Use a ${what} of at most ${mb} MB.` } });
  }
  const image = await reencodeImage(new Uint8Array(await file.arrayBuffer()), rules.maxEdge, what);
  const id = randomBytes(16).toString('hex');
  await imageStore(process.env, area).put(id, image.data);
  return { id, width: image.width, height: image.height };
}

/** A stored image's bytes, or undefined (also for an id that is not one of ours). */
export async function loadStoredImage(area: UploadArea, id: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!validImageId.test(id)) return undefined;
  return imageStore(process.env, area).get(id);
}

/** A stored image's size, read from the stored file; undefined when it is not stored. */
export async function storedImageSize(area: UploadArea, id: string): Promise<{ width: number; height: number } | undefined> {
  const bytes = await loadStoredImage(area, id);
  if (!bytes) return undefined;
  const { default: sharp } = await import('sharp');
  const meta = await sharp(bytes).metadata();
  return meta.width && meta.height ? { width: meta.width, height: meta.height } : undefined;
}
