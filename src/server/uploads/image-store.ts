/**
 * Where uploaded images live: Netlify Blobs when running on Netlify, files under UPLOAD_DIR
 * (default .data/uploads) elsewhere. `UPLOAD_STORE=blobs|files` chooses explicitly. Each area
 * (chat photos, blog pictures, story photos, customer logos, review photos) is its own Blobs store and folder.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type UploadArea = 'chat' | 'blog' | 'stories' | 'logos' | 'reviews';

export interface ImageStore {
  kind: 'blobs' | 'files';
  put(id: string, bytes: Uint8Array): Promise<void>;
  get(id: string): Promise<Uint8Array<ArrayBuffer> | undefined>;
  /** Removes an image (one whose database row could not be written); absent ids are ignored. */
  delete(id: string): Promise<void>;
}

/** Chat photos keep the folder and store they had before areas existed. */
const storeNames: Record<UploadArea, string> = { chat: 'chat-images', blog: 'blog-images', stories: 'story-images', logos: 'customer-logos', reviews: 'review-images' };
const folders: Record<UploadArea, string> = { chat: '', blog: 'blog', stories: 'stories', logos: 'logos', reviews: 'reviews' };
export const validImageId = /^[a-f0-9]{32}$/;

function assertId(id: string): void {
  // Ids are generated here; this guards the file path against anything else.
  if (!validImageId.test(id)) throw new Error(`Invalid image id ${JSON.stringify(id)}.`);
}

function fileStore(dir: string): ImageStore {
  const file = (id: string) => {
    assertId(id);
    return path.join(dir, `${id}.jpg`);
  };
  return {
    kind: 'files',
    async put(id, bytes) {
      await mkdir(dir, { recursive: true });
      await writeFile(file(id), bytes, { flag: 'wx' });
    },
    async get(id) {
      try {
        return new Uint8Array(await readFile(file(id)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(id) {
      await rm(file(id), { force: true });
    },
  };
}

function blobStore(name: string): ImageStore {
  const store = async () => (await import('@netlify/blobs')).getStore({ name, consistency: 'strong' });
  return {
    kind: 'blobs',
    async put(id, bytes) {
      assertId(id);
      await (await store()).set(id, bytes.slice().buffer as ArrayBuffer, { metadata: { contentType: 'image/jpeg' } });
    },
    async get(id) {
      assertId(id);
      const data = await (await store()).get(id, { type: 'arrayBuffer' });
      return data ? new Uint8Array(data) : undefined;
    },
    async delete(id) {
      assertId(id);
      await (await store()).delete(id);
    },
  };
}

const onNetlify = (env: Record<string, string | undefined>) =>
  Boolean((globalThis as { netlifyBlobsContext?: unknown }).netlifyBlobsContext || env.NETLIFY_BLOBS_CONTEXT);

/** The image store of one area for this environment. */
export function imageStore(env: Record<string, string | undefined> = process.env, area: UploadArea = 'chat'): ImageStore {
  const choice = env.UPLOAD_STORE?.trim();
  if (choice === 'blobs' || (choice !== 'files' && onNetlify(env))) return blobStore(storeNames[area]);
  return fileStore(path.join(path.resolve(env.UPLOAD_DIR?.trim() || '.data/uploads'), folders[area]));
}
