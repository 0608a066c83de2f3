// /api/email-preferences/one-click?token=…&category=…: the List-Unsubscribe address (RFC 8058). A POST
// with `List-Unsubscribe=One-Click` switches the category off and answers 200; a GET changes nothing.
import { oneClickPageContract, oneClickUnsubscribeContract } from '../../src/lib/api/email-preferences.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { readOneClickBody } from '../../src/server/http/unsubscribe';
import { oneClickUnsubscribe } from '../../src/server/services/email-preferences';

export default defineHandlers(
  defineHandler(oneClickUnsubscribeContract, async ({ query, rawBody, request }) => {
    await readOneClickBody(request, rawBody);
    const { category, label } = await withDb((db) => oneClickUnsubscribe(db, query.token, query.category));
    return { ok: true as const, unsubscribedFrom: category, message: `You are unsubscribed from ${label}.` };
  }),
  // Mail scanners and browsers open links: a GET only leads to the preferences page, where a person decides.
  defineHandler(oneClickPageContract, ({ query }) =>
    new Response(null, { status: 303, headers: { Location: `/email-preferences/${query.token}?unsubscribe=${query.category}`, 'Cache-Control': 'no-store' } })),
);

export const config = { path: '/api/email-preferences/one-click' };
