/**
 * Finds statements in a reply that contradict src/business: phone numbers, dollar amounts, office
 * hours, licence numbers, percentages and service-area claims. Used to reject LLM replies and to
 * score the built-in assistant (scripts/eval-assistant.ts).
 */
import { cities, closes, opens, publishedAmountsInCents, publishedPhoneDigits } from './facts';
import { placesNotServed } from './places';
import { fold } from './text';

const phonePattern = /(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}\b|\b\d{3}-\d{4}\b/g;
const amountPattern = /\$\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?/g;
const clockPattern = /\b(\d{1,2})(?::(\d{2}))?\s?(a\.?m\.?|p\.?m\.?)(?![a-z])/gi;
const licencePattern = /\bM-?\s?\d{3,}\b/g;
const negation = /\b(not|isn'?t|aren'?t|don'?t|doesn'?t|no|outside|beyond|cannot|can'?t)\b/;

/** Descriptions of every wrong fact in `message`; empty when it states only published facts. */
export function findWrongFacts(message: string): string[] {
  const wrong: string[] = [];

  for (const match of message.matchAll(phonePattern)) {
    const digits = match[0].replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
    if (!publishedPhoneDigits.has(digits)) wrong.push(`phone number ${match[0].trim()} is not one of our offices`);
  }
  for (const match of message.matchAll(amountPattern)) {
    const cents = Number(match[1]!.replace(/,/g, '')) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
    if (!publishedAmountsInCents.has(cents)) wrong.push(`amount ${match[0]} is not a published price`);
  }
  const allowedClocks = new Set([opens, closes].map((c) => c.replace(/\s/g, '').toLowerCase()));
  for (const match of message.matchAll(clockPattern)) {
    const clock = `${match[1]}:${match[2] ?? '00'}${match[3]!.replace(/\./g, '').toLowerCase()}`;
    if (!allowedClocks.has(clock)) wrong.push(`time ${match[0]} is not in our hours`);
  }
  for (const match of message.matchAll(licencePattern)) {
    if (match[0].replace(/\s/g, '') !== 'M-41147') wrong.push(`licence ${match[0]} is not ours`);
  }
  for (const match of message.matchAll(/(\d+(?:\.\d+)?)\s?%/g)) {
    if (match[1] !== '100' || !/satisfaction|satisfacci[oó]n/i.test(message)) wrong.push(`percentage ${match[0]} is not a published promise`);
  }

  // Service area: a sentence may not say we serve a place that is not among the 16 cities, nor put a
  // city under the wrong office.
  for (const sentence of message.split(/(?<=[.!?;])\s+/)) {
    const folded = fold(sentence);
    const denies = negation.test(folded);
    for (const place of placesNotServed) {
      if (new RegExp(`\\b${fold(place)}\\b(?!\\s+count(y|ies))`).test(folded) && !denies && /\b(serve|serving|cover|yes|we work|damos servicio|si)\b/.test(folded)) {
        wrong.push(`claims to serve ${place}, which is not one of the 16 cities`);
      }
    }
    const officeMatch = /\bour (austin|marble falls) office\b|\boficina de (austin|marble falls)\b/.exec(folded);
    const withoutOffice = officeMatch ? folded.replace(officeMatch[0], ' ') : folded;
    const named = cities.filter((c) => new RegExp(`\\b${fold(c.name)}\\b`).test(withoutOffice));
    if (named.length === 1 && officeMatch && !denies) {
      const office = (officeMatch[1] ?? officeMatch[2])!.replace(' ', '-');
      const city = named[0]!;
      if (city.id !== office && city.officeId !== office) wrong.push(`says ${city.name} is served from the wrong office`);
    }
  }
  return wrong;
}
