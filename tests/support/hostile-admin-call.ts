/**
 * One draw of the hostile-input property that the admin API tests run over their contracts: the
 * contract's method and path (with `id` in place of `:id`), the drawn fields as the query of a read or
 * as the body of a write (always with one unknown field, so no draw is a valid change), sent with a
 * staff session from the site's own origin. Only a read may succeed; anything else must be a 4xx in
 * the error format, never a 500.
 */
import { expect } from 'vitest';
import type { ApiContract } from '../../src/lib/api/contract';
import { errorFormat } from './test-site';

export async function expectHostileAdminCallRefused(origin: string, cookie: string, contract: ApiContract, input: Record<string, unknown>, id: string): Promise<void> {
  const url = new URL(`${origin}${contract.path.replace(':id', id)}`);
  const init: RequestInit = { method: contract.method, headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin } };
  if (contract.method === 'GET') for (const [k, v] of Object.entries(input)) url.searchParams.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  else init.body = JSON.stringify({ ...input, unexpectedField: true });
  const response = await fetch(url, init);
  const where = `${contract.method} ${url.pathname}${url.search}`;
  if (response.status >= 200 && response.status < 300) {
    expect(contract.method, where).toBe('GET');
    return;
  }
  expect(response.status, where).toBeGreaterThanOrEqual(400);
  expect(response.status, where).toBeLessThan(500);
  expect(JSON.parse(await response.text()).error, where).toMatch(errorFormat);
}
