/**
 * `npm run admin:link -- EMAIL`: prints a one-time sign-in URL for /admin as its last line. Works
 * whether or not `npm start` is running (it uses the running server's database when there is one).
 * When nobody is on the staff list yet, EMAIL becomes the owner; otherwise EMAIL must already be
 * on it (an owner adds people in /admin/staff). The link holds a 6-digit code valid for 10 minutes.
 */
import { z } from 'zod';
import { createAuth, signInLink, siteOrigin } from '../src/server/auth/auth';
import { countActiveStaff, findActiveStaff, normaliseEmail, upsertStaff } from '../src/server/auth/staff.repository';
import { recordAudit } from '../src/server/repositories/audit.repository';
import { databaseForScripts, withScriptDb } from './lib/database-for-scripts';
import { runIfMain } from './lib/run-script';
import { migrateDatabase } from './migrate';

export class AdminLinkError extends Error {
  override name = 'AdminLinkError';
}

runIfMain(import.meta.url, async () => {
  const given = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  const parsed = z.email().safeParse(given?.trim());
  if (!parsed.success) throw new AdminLinkError(`Give the staff member's email: npm run admin:link -- owner@example.com${given ? ` ("${given}" is not an email address)` : ''}.`);
  const email = normaliseEmail(parsed.data);
  const database = await databaseForScripts();
  try {
    await migrateDatabase(database);
    const url = await withScriptDb(database, async (db) => {
      if ((await countActiveStaff(db)) === 0) {
        await db.transaction().execute(async (trx) => {
          await upsertStaff(trx, { email, role: 'owner', addedBy: 'npm run admin:link' });
          await recordAudit(trx, { actor: 'npm run admin:link', action: 'staff.add', entity: 'staff', entityId: email, after: { role: 'owner' } });
        });
        console.log(`No staff yet: ${email} is now the owner.`);
      } else if (!(await findActiveStaff(db, email))) {
        throw new AdminLinkError(`${email} is not on the staff list, so it cannot sign in. An owner adds people in /admin/staff; or run this with an owner's email.`);
      }
      const auth = createAuth(db, undefined, database.env);
      const code = await auth.api.createVerificationOTP({ body: { email, type: 'sign-in' } });
      return signInLink(siteOrigin(undefined, database.env), email, code);
    });
    console.log(url);
  } finally {
    await database.stop();
  }
});
