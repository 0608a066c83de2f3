/**
 * Where chat photos live: Netlify Blobs when running on Netlify, files under UPLOAD_DIR
 * (default .data/uploads) elsewhere. `UPLOAD_STORE=blobs|files` chooses explicitly.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ImageStore {
  kind: 'blobs' | 'files';
  put(id: string, bytes: Uint8Array): Promise<void>;
  get(id: string): Promise<Uint8Array<ArrayBuffer> | undefined>;
  /** Removes a photo (one whose database row could not be written); absent ids are ignored. */
  delete(id: string): Promise<void>;
}

const storeName = 'chat-images';
const validId = /^[a-f0-9]{32}$/;

function assertId(id: string): void {
  // Ids are generated here; this guards the file path against anything else.
  if (!validId.test(id)) throw new Error(`Invalid image id ${JSON.stringify(id)}.`);
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

function blobStore(): ImageStore {
  const store = async () => (await import('@netlify/blobs')).getStore({ name: storeName, consistency: 'strong' });
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

/** The image store for this environment. */
export function imageStore(env: Record<string, string | undefined> = process.env): ImageStore {
  const choice = env.UPLOAD_STORE?.trim();
  if (choice === 'blobs' || (choice !== 'files' && onNetlify(env))) return blobStore();
  return fileStore(path.resolve(env.UPLOAD_DIR?.trim() || '.data/uploads'));
}
