/**
 * The staff notifications the served site wrote as .eml files (MAIL_DIR, .data/test-mail for the
 * end-to-end server): an email arriving once is the visible sign a lead was stored once.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomTag } from './random-tag';

export const e2eMailDir = path.resolve(process.env.MAIL_DIR ?? '.data/test-mail');

/** The emails whose text contains `needle` (use a unique name per test). */
export async function staffMailsContaining(needle: string, dir = e2eMailDir): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(names.filter((n) => n.endsWith('.eml')).map((n) => readFile(path.join(dir, n), 'utf8').catch(() => '')));
  return mails.filter((m) => m.includes(needle));
}

/** A name no other test uses, so its emails can be counted. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${randomTag()}`;
}
