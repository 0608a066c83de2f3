/** Reading request bodies without trusting Content-Length. */
import { HttpError } from './response';

export const defaultMaxBodyBytes = 16 * 1024;

const tooLarge = (limit: number) =>
  new HttpError(413, `The request is too large. Send at most ${Math.round(limit / 1024)} KB and try again.`);

/** The raw body, or a 413 as soon as it passes `limit` bytes (declared or actually streamed). */
export async function readBodyBytes(request: Request, limit: number = defaultMaxBodyBytes): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));

  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(new ArrayBuffer(total));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
