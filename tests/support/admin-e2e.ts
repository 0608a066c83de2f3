/**
 * Shared steps of the admin end-to-end specs: a fresh staff member in the served site's database,
 * signing in with `npm run admin:link`, and axe with the WCAG 2.2 AA tags.
 */
import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { e2eDb, e2ePgliteDir } from './e2e-db';
import { uniqueName } from './staff-mail';

export const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A staff member (or owner) no other test uses, added to the served site's database. */
export async function newStaffEmail(role: 'owner' | 'staff' = 'staff'): Promise<string> {
  const email = `${uniqueName('staff').replace(' ', '-')}@example.com`;
  const db = e2eDb();
  try {
    await upsertStaff(db, { email, role, addedBy: 'e2e' });
  } finally {
    await db.destroy();
  }
  return email;
}

/** Signs in with `npm run admin:link` (the script reaches the running site's database). */
export async function signInWithAdminLink(page: Page, email: string, baseURL: string): Promise<void> {
  const output = execFileSync('npx', ['tsx', 'scripts/admin-link.ts', email], { env: { ...process.env, PGLITE_DIR: e2ePgliteDir, PORT: new URL(baseURL).port }, encoding: 'utf8', timeout: 60_000 });
  const link = output.trim().split('\n').at(-1)!;
  expect(new URL(link).origin).toBe(new URL(baseURL).origin);
  await page.goto(link);
  await expect(page.getByLabel('6-digit code')).toHaveValue(/^\d{6}$/);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/admin$/);
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(wcag).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
