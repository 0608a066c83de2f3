// GET and PUT /api/email-preferences?token=…: the email preferences of the one address the token belongs to.
import { emailPreferencesContract, emailPreferencesSaveContract } from '../../src/lib/api/email-preferences.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { preferencesForToken, savePreferences } from '../../src/server/services/email-preferences';

export default defineHandlers(
  defineHandler(emailPreferencesContract, ({ query }) => withDb((db) => preferencesForToken(db, query.token))),
  defineHandler(emailPreferencesSaveContract, ({ body: { token, ...choices } }) => withDb((db) => savePreferences(db, token, choices)), { sameOrigin: true }),
);

export const config = { path: '/api/email-preferences' };
