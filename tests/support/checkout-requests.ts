/** Shared by the checkout and webhook API tests: a valid order body, posting it, reading the mail folder. */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export const congress = { line1: '100 Congress Avenue', line2: 'Suite 4', city: 'Austin', state: 'TX', zip: '78701' };
export const lakeHouse = { line1: '12 Lakeshore Drive', city: 'Marble Falls', state: 'TX', zip: '78654' };

export function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    items: [{ slug: 'silver-vip-tank', quantity: 1, serviceAddress: congress }],
    name: 'Ana Díaz',
    phone: '(512) 555-0100',
    email: 'ana@example.com',
    propertyType: 'residential',
    billingSameAsService: true,
    acceptTerms: true,
    website: '',
    formStartTime: Date.now() - 60_000,
    ...overrides,
  };
}

export function postCheckout(origin: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${origin}/api/checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID(), Referer: `${origin}/store/checkout/silver-vip-tank`, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** An .eml file's text with quoted-printable soft breaks and escapes undone, so sentences can be matched. */
export function readableMail(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return joined.replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.split('=').slice(1).map((h) => parseInt(h, 16))).toString('utf8'));
}

export async function mailFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(names.sort().map(async (n) => readableMail(await readFile(path.join(dir, n), 'utf8'))));
}

/** The emails in `dir` that contain `includes`, waiting up to 5 s for `count` of them. */
export async function waitForMail(dir: string, includes: string, count = 1): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const found = (await mailFiles(dir)).filter((m) => m.includes(includes));
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  return (await mailFiles(dir)).filter((m) => m.includes(includes));
}
