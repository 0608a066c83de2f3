/**
 * Typo and chat-shorthand tolerance: "wher r u", "shedule", "facuet" and "georgtown" become
 * "where are you", "schedule", "faucet" and "georgetown" before the intent rules run. A word is
 * corrected only to a word of the assistant's own vocabulary (the rules' key words, our city and
 * county names from src/business) within one edit (two for long words), and only when it is not
 * itself a known word.
 */
import contentIndex from './content-index.json' with { type: 'json' };
import { cities } from './facts';
import { intentExamples } from './intent-examples';
import { placesNotServed } from './places-not-served';
import { detectLanguage } from './language';
import { fold, stem } from './text';

/** Shorthand people type in chat, whole words only. */
const shorthand: Record<string, string> = {
  mch: 'much', muc: 'much', r: 'are', u: 'you', ur: 'your', ya: 'you', yall: "y'all", wher: 'where', whr: 'where', wat: 'what', wut: 'what',
  pls: 'please', plz: 'please', thx: 'thanks', tx: 'texas', tmrw: 'tomorrow', tmr: 'tomorrow', tomm: 'tomorrow',
  hrs: 'hours', appt: 'appointment', num: 'number', ph: 'phone', addy: 'address', b4: 'before', '2moro': 'tomorrow',
  sat: 'saturday', cn: 'can', hw: 'how', sum1: 'someone', some1: 'someone', any1: 'anyone', '2day': 'today', '2nite': 'tonight', '2night': 'tonight',
  ppl: 'people', biz: 'business', bout: 'about', abt: 'about', rn: 'right now', asap: 'asap', hr: 'hour', mins: 'minutes', wknd: 'weekend', wkend: 'weekend', thru: 'through', mon: 'monday', wk: 'week', wks: 'weeks', tues: 'tuesday', wed: 'wednesday',
  wtr: 'water', htr: 'heater', txt: 'text', msg: 'message', thurs: 'thursday', thur: 'thursday', fri: 'friday', bc: 'because', cuz: 'because', whats: "what's",
};

/** Spanish chat shorthand ("q", "xq", "x", "tmb") and Texas usage ("ocupo" for "necesito", "marcar" for "llamar"), whole words only. */
const spanishShorthand: Record<string, string> = {
  q: 'que', xq: 'porque', pq: 'porque', x: 'por', tmb: 'tambien', tb: 'tambien', d: 'de', porfa: 'por favor', xfa: 'por favor',
  ocupo: 'necesito', ocupamos: 'necesitamos', ocupa: 'necesita', marcar: 'llamar', marquen: 'llamen', marqueme: 'llameme',
};

/** The words the rules key on; a misspelling of one is corrected to it. */
const vocabulary = [
  'schedule', 'appointment', 'available', 'availability', 'tomorrow', 'tonight', 'morning', 'afternoon', 'weekend', 'saturday', 'sunday',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'plumber', 'plumbing', 'faucet', 'faucets', 'toilet', 'toilets', 'water',
  'heater', 'heaters', 'tankless', 'disposal', 'garbage', 'drain', 'drains', 'clogged', 'sewer', 'sewage', 'leaking', 'leaks', 'pipes',
  'burst', 'flooding', 'emergency', 'address', 'located', 'location', 'office', 'offices', 'directions', 'phone', 'number', 'email',
  'guarantee', 'guaranteed', 'warranty', 'licensed', 'license', 'licence', 'insured', 'insurance', 'business', 'estimate', 'estimates',
  'price', 'prices', 'pricing', 'expensive', 'charge', 'membership', 'memberships', 'service', 'services', 'replace', 'install',
  'installed', 'repair', 'commercial', 'restaurant', 'hours', 'open', 'close', 'closed', 'where', 'serve', 'cover', 'payment', 'credit',
  'financing', 'county', 'around', 'founded', 'company', 'satisfaction', 'upfront', 'texas', 'pressure', 'backflow', 'hydro', 'jetting',
  'camera', 'inspection', 'thanks', 'thank', 'please', 'someone', 'somebody', 'technician', 'person', 'manager', 'schedule',
  'booking', 'bookings', 'booked',
  ...cities.flatMap((c) => [fold(c.name).replace(/\s+/g, ''), ...fold(c.name).split(/\s+/)]),
  ...cities.flatMap((c) => [c.county, ...c.otherCounties]).map(fold),
  // Every word of the English intent examples: the words visitors use for what they want.
  ...Object.values(intentExamples).flat().filter((m) => detectLanguage(m) === 'en').flatMap((m) => fold(m).match(/[a-z]+/g) ?? []),
].filter((w, i, all) => w.length >= 4 && all.indexOf(w) === i);
// The words of places outside our area are names, never misspellings ("Copperas Cove" is not "cover").
const known = new Set([...vocabulary, ...placesNotServed.flatMap((p) => fold(p).match(/[a-z]+/g) ?? [])]);
/** Every word the site's own text uses, and its stem: real words, never "corrected". */
const siteWords = new Set((contentIndex as { title: string; text: string }[]).flatMap((p) => fold(`${p.title} ${p.text}`).match(/[a-z]+/g) ?? []));
const siteStems = new Set([...siteWords].map(stem));

export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  // Damerau–Levenshtein (optimal string alignment), stopping early past `max`.
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return false;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]! <= max;
}

const cache = new Map<string, string>();
/** "wter" → "water", "mcuh" → "much": a four-letter word is corrected only for a left-out letter or two swapped letters. */
function fourLetterSlip(word: string, candidate: string): boolean {
  if (candidate.length === 5) return withinEdits(word, candidate, 1);
  if (candidate.length !== 4) return false;
  const i = [...word].findIndex((c, k) => c !== candidate[k]);
  return i >= 0 && i < 3 && word[i] === candidate[i + 1] && word[i + 1] === candidate[i] && word.slice(i + 2) === candidate.slice(i + 2);
}

function correctWord(word: string): string {
  if (word.length < 4 || known.has(word) || /\d/.test(word) || siteWords.has(word) || siteStems.has(stem(word))) return word;
  const hit = cache.get(word);
  if (hit !== undefined) return hit;
  const max = word.length >= 8 ? 2 : 1;
  let fixed = word;
  for (const candidate of vocabulary) {
    if (candidate[0] !== word[0] && candidate[1] !== word[1]) continue;
    // "appreciated" is a form of "appreciate", not a misspelling of it.
    if (word.startsWith(candidate)) continue;
    if (word.length === 4 ? fourLetterSlip(word, candidate) : withinEdits(word, candidate, max)) {
      fixed = candidate;
      break;
    }
  }
  if (cache.size < 5000) cache.set(word, fixed);
  return fixed;
}

/** Common English words that sit one edit from a vocabulary word and must stay as they are. */
const keep = new Set(['heart', 'leaving', 'leave', 'heated', 'cheater', 'theater', 'closet', 'closer', 'opens', 'opened', 'phones', 'prices',
  'pipe', 'price', 'drained', 'serves', 'served', 'server', 'covers', 'covered', 'office', 'services', 'hours', 'house', 'route', 'water',
  'waters', 'later', 'rater', 'other', 'where', 'there', 'whose', 'share', 'store', 'stove', 'shower', 'power', 'tower', 'flower',
  'member', 'members', 'county', 'country', 'counter', 'around', 'ground', 'sound', 'found', 'pound', 'round', 'bound', 'mound',
  'cover', 'clover', 'lover', 'rover', 'never', 'fever', 'lever', 'sever', 'seven', 'every', 'leaks', 'leaky', 'leaked', 'texan',
  'charged', 'charges', 'number', 'numbers', 'plumb', 'plumbs', 'someone', 'sometime', 'somewhere', 'somehow', 'wheres', 'heres',
  'theres', 'buda', 'kyle', 'install', 'installs', 'repairs', 'repaired', 'drains', 'draining', 'cleaning', 'leaking', 'flooded', 'curious',
  'uninsured', 'unlicensed', 'bucks', 'buck', 'scheduler', 'schedulers', 'scheduling']);
for (const w of keep) known.add(w);

/**
 * Fixtures and services described in everyday words, rewritten to their names: "the thing in the sink
 * that grinds up food" is a garbage disposal, "the box on the wall that heats the water" a tankless heater.
 */
const plainNames: [RegExp, string][] = [
  [/\b(the |a |that |this )?(thing|machine|gadget) (in|under) (my |the |our )?(kitchen )?sink that grinds( up)? (food|stuff|scraps)\b|\b(the |a |that |this )?grinder( thing)? in (my |the |our )?(kitchen )?sink\b/gi, 'garbage disposal'],
  [/\b(the |a |that )?(box|thing|unit) on the wall that heats (up )?(the )?water\b/gi, 'tankless water heater'],
  [/\bthe (kind|one|type|ones) with(out| no) (a )?tank\b/gi, 'a tankless water heater'],
  [/\b(one of those |a )?(machines?|things?|systems?|units?) that makes? the water soft(er)?\b/gi, 'a water softener'],
  [/\b(that |the )?(yearly|annual) test (that )?the (water company|city|utility)\b/gi, 'the annual backflow test the water company'],
  [/\b(those |the )?gravel trench(es)? that (carry|carries|take|takes) (the )?rain ?water away\b/gi, 'french drains that carry rain water away'],
  [/\b(the )?little blue flame( in the (water )?heater)?\b/gi, 'the pilot light'],
  [/\bclub (thing|deal|plan)s?\b/gi, 'membership'],
];

/** The message with shorthand expanded and misspelt key words corrected, lower case, accents kept. */
export function normaliseSpelling(text: string): string {
  // Spanish words are not misspelt English ones; Spanish shorthand is spelt out.
  if (detectLanguage(text) === 'es') return text.replace(/[\p{L}]+/gu, (word) => spanishShorthand[word.toLowerCase()] ?? word);
  // Whole words, accented letters included ("todavía" is not "todav" and "a").
  const corrected = text.replace(/[\p{L}\p{N}']+/gu, (word) => {
    const lower = word.toLowerCase();
    const short = shorthand[lower];
    if (short) return short;
    if (lower !== fold(lower)) return word;
    const fixed = correctWord(lower);
    return fixed === lower ? word : fixed;
  });
  return plainNames.reduce((t, [pattern, name]) => t.replace(pattern, name), corrected);
}
