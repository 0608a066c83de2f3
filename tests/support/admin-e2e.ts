/**
 * Staff-area helpers for end-to-end specs: a fresh staff member in the served site's database,
 * sign-in through `npm run admin:link`, and axe with the WCAG 2.2 AA tags.
 */
import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { createAuth, signInLink } from '../../src/server/auth/auth';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { e2eDb, e2ePgliteDir } from './e2e-db';
import { uniqueName } from './staff-mail';

export const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Adds a staff member no other test uses and returns their email. */
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

/**
 * Signs in with the link `npm run admin:link` prints. `viaScript` runs the script itself (one spec
 * proves the README's command); the others make the same link in this process, which spares the
 * two-core machine a Node start and a TypeScript compile per sign-in.
 */
export async function signInWithAdminLink(page: Page, email: string, baseURL: string, { viaScript = false } = {}): Promise<void> {
  const link = viaScript ? adminLinkFromScript(email, baseURL) : await adminLinkInProcess(email, baseURL);
  expect(new URL(link).origin).toBe(new URL(baseURL).origin);
  await page.goto(link);
  await expect(page.getByLabel('6-digit code')).toHaveValue(/^\d{6}$/);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/admin$/);
}

function adminLinkFromScript(email: string, baseURL: string): string {
  const output = execFileSync('npx', ['tsx', 'scripts/admin-link.ts', email], { env: { ...process.env, PGLITE_DIR: e2ePgliteDir, PORT: new URL(baseURL).port }, encoding: 'utf8', timeout: 120_000 });
  return output.trim().split('\n').at(-1)!;
}

/** What scripts/admin-link.ts does for someone already on the staff list: a sign-in code, as a link. */
async function adminLinkInProcess(email: string, baseURL: string): Promise<string> {
  const db = e2eDb();
  try {
    const code = await createAuth(db, undefined, { ...process.env, PORT: new URL(baseURL).port }).api.createVerificationOTP({ body: { email, type: 'sign-in' } });
    return signInLink(new URL(baseURL).origin, email, code);
  } finally {
    await db.destroy();
  }
}

/** axe on the page; `exclude` leaves out a part axe cannot enter (a sandboxed iframe runs no scripts, so axe would wait forever). */
export async function expectNoAxeViolations(page: Page, exclude?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(wcag);
  const { violations } = await (exclude ? builder.exclude(exclude) : builder).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
