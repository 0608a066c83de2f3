/**
 * Texts people send to our Twilio number (POST /api/webhooks/twilio, signature checked first): STOP
 * and its synonyms and plain-language equivalents opt the number out, START / UNSTOP / YES opt it
 * back in, HELP / INFO get the help text. Each opt-in and opt-out is kept in the number's history;
 * every text gets exactly one reply, sent back as TwiML.
 */
import type { Kysely } from 'kysely';
import { smsReplies } from '../../lib/sms/program';
import type { Database } from '../db/database';
import { latestSmsEvent, recordSmsEvent } from '../repositories/sms.repository';

export type InboundIntent = 'stop' | 'start' | 'help' | 'other';

// CTIA's and Twilio's opt-out, opt-in and help keywords, matched on the whole message.
const keywords: Record<string, InboundIntent> = {
  stop: 'stop', stopall: 'stop', 'stop all': 'stop', unsubscribe: 'stop', cancel: 'stop', end: 'stop', quit: 'stop', revoke: 'stop',
  'opt out': 'stop', optout: 'stop', 'opt out all': 'stop', 'stop texting': 'stop', 'stop messaging': 'stop', 'remove me': 'stop', 'no more': 'stop',
  start: 'start', unstop: 'start', yes: 'start', 'opt in': 'start', optin: 'start',
  help: 'help', info: 'help',
};

// Words that do not change what a short message asks: "please stop", "STOP!!", "stop thanks".
const filler = new Set(['please', 'pls', 'plz', 'thanks', 'thank', 'you', 'thx', 'ok', 'okay', 'now', 'me', 'just', 'kindly']);

// Plain-language opt-outs in a longer message; narrow enough that "my toilet won't stop running" is not one.
const plainStop = [
  /\b(stop|quit|cease|end)\b.{0,30}\b(text|texts|texting|txt|txts|message|messages|messaging|msgs?|sms|contacting)\b/,
  /\bunsubscribe\b/,
  /\bopt (me )?out\b/,
  /\b(remove|take|delete) (me|my (phone |cell |mobile )?number)\b.{0,30}\b(list|texts?|messages?|sms)\b/,
  /\b(do ?n['o]?t|dont|never) (text|message|sms|contact) me\b/,
  /\bno more (texts?|messages?)\b/,
  /\bleave me alone\b/,
];

/** What an inbound text asks for. */
export function inboundIntent(body: string): InboundIntent {
  const text = body.toLowerCase().normalize('NFKC').replace(/[’‘`]/g, "'").replace(/[^\p{L}\p{N}\s']/gu, ' ').replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
  if (keywords[text]) return keywords[text];
  const core = text.split(' ').filter((w) => !filler.has(w)).join(' ');
  if (core && keywords[core]) return keywords[core];
  if (plainStop.some((pattern) => pattern.test(text))) return 'stop';
  return 'other';
}

/**
 * Handles one inbound text from `from` (E.164) and returns the one reply it gets: null (no reply) only
 * for an ordinary message from a number that opted out, which we do not text again unasked.
 */
export async function handleInboundText(db: Kysely<Database>, { from, body, now }: { from: string; body: string; now: Date }): Promise<{ intent: InboundIntent; reply: string | null }> {
  const intent = inboundIntent(body);
  switch (intent) {
    case 'stop':
      await recordSmsEvent(db, { phone: from, event: 'opt_out', via: 'keyword', detail: body.trim(), at: now });
      return { intent, reply: smsReplies.stopped };
    case 'start':
      await recordSmsEvent(db, { phone: from, event: 'opt_in', via: 'keyword', detail: body.trim(), at: now });
      return { intent, reply: smsReplies.started };
    case 'help':
      return { intent, reply: smsReplies.help };
    default:
      return { intent, reply: (await latestSmsEvent(db, from))?.event === 'opt_out' ? null : smsReplies.other };
  }
}

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** TwiML answering with one message, or with none for `null`. */
export function twimlMessage(text: string | null): string {
  if (text === null) return '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${text.replace(/[&<>"']/g, (c) => xmlEscapes[c]!)}</Message></Response>`;
}
