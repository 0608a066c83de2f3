// POST /api/contact: stores an estimate request (spam quietly, as spam) and notifies the office.
import { contactContract, defaultPageContext } from '../../src/lib/api/contact.contract';
import { defineHandler } from '../../src/server/http/handler';
import { submitLead } from '../../src/server/http/lead-submission';

export default defineHandler(contactContract, ({ body, ...request }) =>
  submitLead({ kind: 'estimate', ...body, pageContext: body.pageContext || defaultPageContext }, request), { requires: ['CLIENT_HASH_SECRET'] });

export const config = { path: '/api/contact' };
