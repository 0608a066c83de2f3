/**
 * Places a visitor names: our 16 cities (by name or ZIP), the page they are on, and nearby places
 * that are not on our list, so the assistant can say no instead of guessing.
 */
import type { City } from '../../../business';
import contentIndex from './content-index.json' with { type: 'json' };
import { industries, services } from '../../../business';
import { cities, citiesWithZip, memberships, priceGuides } from './facts';
import { intentExamples } from './intent-examples';
import { placesNotServed } from './places-not-served';
import { withinEdits } from './spelling';
import { fold } from './text';

const aliases: Record<string, string[]> = {
  'horseshoe-bay': ['hsb'],
  pflugerville: ['pville', 'pfville'],
  'round-rock': ['roundrock'],
  'cedar-park': ['cedarpark'],
};

export { placesNotServed } from './places-not-served';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const namePattern = (name: string) => new RegExp(`(?:^|[^a-z])${escape(fold(name)).replace(/ /g, '\\s+')}(?:$|[^a-z])`);

const cityPatterns = cities.map((city) => ({
  city,
  patterns: [city.name, ...(aliases[city.id] ?? [])].map(namePattern),
}));
const notServedPatterns = placesNotServed.map((name) => ({ name, pattern: namePattern(name) }));

export interface PlaceMention {
  /** Our cities named in the text (by name, ZIP, county or a landmark their pages name). */
  cities: City[];
  /** ZIP codes in the text, with the cities that have them (none: not a ZIP we list). */
  zips: { zip: string; cities: City[] }[];
  /** Named places that are not among our 16 cities (towns, counties, states). */
  notServed: string[];
  /** Those of them read as place names only by their capitals ("the Mueller neighborhood"): unknown to us, maybe a part of a city we serve. */
  guessed?: string[];
  /** Counties of our cities that were named, with their cities (from src/business). */
  counties: { name: string; cities: City[] }[];
  /** Landmarks our city pages mention ("Lake LBJ"), with the cities whose pages name them. */
  landmarks: { name: string; cities: City[] }[];
}

/** Every county our cities lie in, from src/business. */
const ourCounties = [...new Set(cities.flatMap((c) => [c.county, ...c.otherCounties]))];
const citiesOfCounty = (county: string): City[] => cities.filter((c) => c.county === county || (c.otherCounties as readonly string[]).includes(county));

/** US states and their postal codes: a place in another state is outside our area. */
const states = ('alabama alaska arizona arkansas california colorado connecticut delaware florida georgia hawaii idaho illinois indiana iowa ' +
  'kansas kentucky louisiana maine maryland massachusetts michigan minnesota mississippi missouri montana nebraska nevada ' +
  'new hampshire|new jersey|new mexico|new york|north carolina|north dakota|ohio oklahoma oregon pennsylvania rhode island|' +
  'south carolina|south dakota|tennessee utah vermont virginia washington west virginia|wisconsin wyoming').split(/\|/).flatMap((part, i, all) =>
  i === 0 || i === all.length - 1 ? part.split(' ').filter(Boolean) : [part.trim()].filter(Boolean));
/** Every state but Texas, as a regex alternation. */
const otherStates = states.map((s) => s.replace(/ /g, '\\s+')).join('|');
const statePattern = new RegExp(`\\b(${states.map((s) => s.replace(/ /g, '\\s+')).join('|')})\\b\\s*[?.!]*$|,\\s*(${states.join('|')})\\b`);
/**
 * "Phoenix AZ", "Tulsa, OK": a postal code of another state after a name the site never uses in lower
 * case. Codes that are also words ("ok", "me", "in", "or", "la", "hi") count only after a comma, so
 * "visa ok?" or "cash ok?" is not Oklahoma.
 */
const stateCodes = 'al ak az ar ca co ct de fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv nh nj nm ny nc nd oh ok or pa ri sc sd tn ut vt va wa wv wi wy'.split(' ');
const wordCodes = new Set(['ok', 'me', 'in', 'or', 'la', 'hi', 'oh', 'pa', 'ma', 'de', 'al', 'id', 'co', 'mo', 'ga']);
const stateCodePattern = new RegExp(`\\b([a-z]+)(,?)\\s+(${stateCodes.join('|')})(\\s+(?:plumb\\w*|area))?\\s*[?.!]*$`);

/** Words that follow "in" or "to" without naming a place. */
const notAPlace = new Set(('facebook instagram yelp google tiktok youtube nextdoor twitter linkedin angi ' +
  'tho though too also then til till until the a an my our your this that it its his her their there here town area you\'re youre we\'re i\'m right licensed insured kitchen bathroom bath garage attic yard house home ' +
  'basement wall walls floor ceiling office shop store building person english spanish advance writing time morning afternoon evening night ' +
  'today tomorrow tonight week weekend monday tuesday wednesday thursday friday saturday sunday january february march april may june july ' +
  'august september october november december texas tx about under over between front back side one two few some any all every need trouble ' +
  'fact general particular emergency hurry rush pain line order case water hot cold gas sewer drain pipe pipes toilet sink shower tub ' +
  'heater laundry utility crawl space what which where how you us me him them business service charge touch contact person people ' +
  "if it's it'll sunday saturday weekends holiday holidays " +
  'apartment complex complexes condo unit units buildings manager supervisor human now winterizing winterize winterization ' +
  'apple google samsung venmo zelle paypal cashapp voicemail voice mail email e-mail text texts phone phones number numbers website site app ' +
  'churches schools hotels motels clinics gyms warehouses hospitals daycares restaurants businesses apartments condos ' +
  'central hill country highland lakes lake austin metro marble falls area check cash credit card full half progress good bad ' +
  'financing finance payment payments installments plan plans membership memberships warranty warranties guarantee discount discounts coupon coupons ' +
  'insurance permit permits parts labor price prices pricing cost costs estimate estimates quote quotes tankless saturdays sundays ' +
  'outside inside spigot spigots faucet faucets valve valves softener softeners disposal disposals fixture fixtures main mains ' +
  'christmas thanksgiving easter new years year eve day days fourth july labor memorial holiday').split(' '));

/** A place name after "in", "to", "near" and the like, as the visitor wrote it (any case). */
const placeCapture = new RegExp([
  '(?:',
  // "a plumber in Lubbock", "plumbing in Waco"
  '\\b(?:plumbers?|plumbing|anyone|someone|somebody|available|service|services|work|working|jobs?) in\\s+',
  // "I live in", "we're out near", "located by"
  "|\\b(?:live|living|lives|located|based|are|am|i'm|im|we're|is|stay|staying|own a (?:house|home|place|property)) (?:out |over |down |up )?(?:in|near|by|around|outside(?: of)?|close to)\\s+",
  // "do you serve Tyler", "cover Lago Vista" (not "your service call")
  '|(?<!\\b(?:your|the|a|an|of|for|our|my)\\s)\\b(?:serve|serves|service|servicing|serving|cover|covers|covering)\\s+(?:in\\s+)?',
  // "come out to", "send someone to", "drive to"
  '|\\b(?:go|goes|going|come|coming|travel|drive|get|head|send \\w+(?: \\w+)?)\\s+(?:out\\s+|over\\s+|down\\s+|up\\s+)?(?:to|as far as|all the way (?:to|out to)|clear to)\\s+',
  // "as far as Amarillo", "all the way out to Marfa"
  '|\\b(?:as far as|all the way (?:out )?to)\\s+',
  // "near Bee Cave", "around Hutto"
  '|\\b(?:near|around|outside of|close to)\\s+',
  // a follow-up: "how about Tulsa?", "and Hutto?"
  "|^\\s*(?:and |ok |okay |so )?(?:what|how) about\\s+|^\\s*and\\s+",
  ')',
  "([a-z][a-z'.-]*(?:\\s+[a-z][a-z'.-]*){0,2}?)",
  '(?=\\s*(?:,|\\?|\\.|!|$|\\btx\\b|\\btexas\\b|\\bcounty\\b|\\barea\\b|\\bnext\\b|\\btomorrow\\b|\\btoday\\b|\\bthis\\b|\\bon\\b|\\bfor\\b|\\bto\\b|\\band\\b|\\bis\\b|\\bdo\\b|\\bcan\\b|\\bcould\\b|\\bplease\\b|\\b[a-z]{2}\\s*$))',
].join(''), 'g');

/** "Brownsville TX", "any coverage in Marfa, Texas": the name before the state. */
const beforeTexas = /(?:^|[,.;!?]\s*|\b(?:in|to|near|at|from|around|by)\s+)([a-z]+(?:\s+[a-z]+)?)\s*,?\s+(?:tx|texas)\b/g;

const passages = contentIndex as { path: string; text: string }[];
const cityPages = passages.filter((p) => cities.some((c) => p.path === `/${c.route}`));

/** Cities whose own page mentions `name` (a lake, a neighbourhood, a landmark). */
function citiesMentioning(name: string): City[] {
  const pattern = new RegExp(`\\b${escape(name).replace(/ /g, '\\s+')}\\b`, 'i');
  const paths = new Set(cityPages.filter((p) => pattern.test(p.text)).map((p) => p.path));
  return cities.filter((c) => paths.has(`/${c.route}`));
}

/** Words the site's own text uses in lower case: ordinary words, not place names. */
const commonWords = new Set([
  ...passages.flatMap((p) => p.text.match(/(?<![.!?]\s)\b[a-z][a-z'-]+\b/g) ?? []),
  ...fold(JSON.stringify([services, priceGuides, industries, memberships])).match(/[a-z]+/g)!,
  ...'fee fees call calls cost costs quote quotes rate rates trip visit visits price prices bill bills job jobs guy guys team crew tech techs company'.split(' '),
]);

/** Every word of the written intent examples but the service-area ones (which name places): greetings, thanks, chat words in both languages. */
const exampleWords = new Set(Object.entries(intentExamples).filter(([intent]) => intent !== 'service_area')
  .flatMap(([, messages]) => messages ?? []).flatMap((m) => fold(m).match(/[a-z]+/g) ?? []));

const titleCase = (s: string) => s.replace(/\b[a-z]/g, (c) => c.toUpperCase());

/** Finds the places in a message. "Burnet County" still names Burnet; "Austin Metro" names Austin. */
export function findPlaces(text: string): PlaceMention {
  const folded = fold(text);
  // ("Invoice #44821", "order number 12345": a number of ours, not a ZIP.)
  const zips = [...new Set(folded.replace(/\b(invoice|order|ticket|job|account|work order|receipt|confirmation)( number| no\.?)?\s*#?\s*\d+/g, ' ').match(/(?<!\d)\d{5}(?!\d)/g) ?? [])].map((zip) => ({ zip, cities: citiesWithZip(zip) }));
  let named = cityPatterns.filter((c) => c.patterns.some((p) => p.test(folded))).map((c) => c.city);
  // "Austin, Minnesota", "Georgetown Kentucky": a city of ours by name, in another state.
  // "Austin, MN": a state code after a comma, or one that is not also a word.
  const codeAfter = (c: City) => new RegExp(`\\b${escape(fold(c.name))}(,\\s*|\\s+)(${stateCodes.join('|')})\\b(?!')`).exec(folded);
  const codeElsewhere = (c: City) => {
    const m = codeAfter(c);
    // ("Georgetown, in Sun City": a word after the comma, not Indiana; "Georgetown, IN" ends there.)
    const ends = m && /^\s*([?.!,;]|$)/.test(folded.slice(m.index + m[0].length));
    return Boolean(m && (m[1]!.includes(',') && (!wordCodes.has(m[2]!) || ends) || !wordCodes.has(m[2]!)));
  };
  const elsewhere = named.filter((c) => new RegExp(`\\b${escape(fold(c.name))},?\\s+(${otherStates})\\b`).test(folded) || (new RegExp(`\\b(i'?m|we'?re|live|located) in (${otherStates})\\b`).test(folded)) || codeElsewhere(c));
  const notServedElsewhere = elsewhere.map((c) => {
    const state = new RegExp(`\\b(${otherStates})\\b`).exec(folded)?.[1];
    return `${c.name}, ${state ? titleCase(state) : codeAfter(c)![2]!.toUpperCase()}`;
  });
  named = named.filter((c) => !elsewhere.includes(c));
  const guessed: string[] = [];
  const notServed = [...notServedElsewhere, ...notServedPatterns
    .filter((p) => p.pattern.test(folded))
    // "West Lake Hills" also contains "Westlake"-like words; keep the longest name per position.
    .map((p) => p.name)
    .filter((name, _, all) => !all.some((other) => other !== name && fold(other).includes(fold(name))))];
  const counties: PlaceMention['counties'] = [];
  for (const match of folded.matchAll(/\b([a-z]+(?:\s+[a-z]+)?)\s+(?:county|counties|co\.)/g)) {
    const words = match[1]!.split(/\s+/);
    const ours = ourCounties.find((c) => words.slice(-2).join(' ') === fold(c) || words.at(-1) === fold(c));
    if (ours) counties.push({ name: `${ours} County`, cities: citiesOfCounty(ours) });
    else if (!['the', 'which', 'what', 'your', 'my', 'our', 'any', 'other', 'those', 'these', 'every', 'all'].includes(words.at(-1)!)) {
      notServed.push(`${titleCase(words.at(-1)!)} County`);
    }
  }
  for (const county of counties) {
    const i = notServed.findIndex((n) => `${n} County` === county.name);
    if (i >= 0) notServed.splice(i, 1);
  }
  // "What about Bastrop, that's close to Austin?": our city named only to say where theirs is.
  if (notServed.length > 0) {
    const firstOutside = Math.min(...notServed.map((n) => folded.indexOf(fold(n).split(',')[0]!)).filter((i) => i >= 0));
    named = named.filter((c) => !new RegExp(`\\b(close to|near|outside( of)?|(north|south|east|west)(east|west)? of|past|beyond|from|an? hour from|\\d+ (minutes|miles|mins) from)\\s+(downtown\\s+)?${escape(fold(c.name))}\\b`).exec(folded.slice(firstOutside)));
  }
  const landmarks: PlaceMention['landmarks'] = [];
  if (named.length === 0 && counties.length === 0 && notServed.length === 0 && zips.length === 0) {
    for (const match of [...folded.matchAll(placeCapture), ...folded.matchAll(beforeTexas)]) {
      // (Each word without its trailing stop: "near the floor. what could it be" ends a sentence at "floor".)
      const words = match[1]!.trim().split(/\s+/).map((w) => w.replace(/[.'-]+$/, '')).filter(Boolean);
      // ("And what's this guarantee": a word with its 's is the word.)
      const plain = (w: string) => notAPlace.has(w) || notAPlace.has(w.replace(/s$/, '')) || notAPlace.has(w.replace(/'s?$/, ''));
      while (words.length > 0 && plain(words[0]!)) words.shift();
      while (words.length > 0 && plain(words.at(-1)!)) words.pop();
      if (words.length === 0 || words.some((w) => plain(w) && !/^(lake|hill|falls|bay|creek|springs?|valley|city)$/.test(w))) continue;
      const name = words.join(' ');
      // A place name is a proper noun: at least one of its words never appears in lower case on the site.
      if (name.length < 3 || words.every((w) => commonWords.has(w))) continue;
      const fuzzy = cities.filter((c) => withinEdits(name, fold(c.name), Math.floor(c.name.length / 5)));
      if (fuzzy.length === 1) {
        named.push(fuzzy[0]!);
        continue;
      }
      const mentioned = citiesMentioning(name);
      if (mentioned.length > 0) landmarks.push({ name: titleCase(name), cities: mentioned });
      else if (!notServed.includes(titleCase(name))) {
        notServed.push(titleCase(name));
        guessed.push(titleCase(name));
      }
    }
    // "on Lake LBJ", "near the Domain": a landmark our city pages name.
    for (const match of folded.matchAll(/\b(?:on|near|by|at|around|off)\s+(?:the\s+)?(lake\s+[a-z]+|[a-z]+\s+(?:lake|park|creek))\b/g)) {
      const name = match[1]!;
      if (name.split(/\s+/).every((w) => commonWords.has(w))) continue;
      if (landmarks.some((l) => fold(l.name) === name)) continue;
      const mentioned = citiesMentioning(name);
      if (mentioned.length > 0) {
        landmarks.push({ name: titleCase(name), cities: mentioned });
        const i = notServed.indexOf(titleCase(name));
        if (i >= 0) notServed.splice(i, 1);
      }
    }
  }
  for (const l of [...landmarks]) if (landmarks.some((o) => o !== l && o.name.length > l.name.length && o.name.includes(l.name))) landmarks.splice(landmarks.indexOf(l), 1);
  if (named.length === 0 && notServed.length === 0 && statePattern.test(folded)) {
    const state = statePattern.exec(folded)!;
    notServed.push(titleCase((state[1] ?? state[2])!));
  }
  const code = stateCodePattern.exec(folded);
  // "Tulsa OK plumber?": before a plumber, even a code that is also a word names a state.
  if (named.length === 0 && notServed.length === 0 && code && !commonWords.has(code[1]!) && (code[2] === ',' || code[4] || !wordCodes.has(code[3]!))) {
    notServed.push(`${titleCase(code[1]!)}, ${code[3]!.toUpperCase()}`);
  }
  // "Lubbock", "El Paso": a message of one to three capitalised words, one of which neither the site
  // nor any intent example uses, is a place name, and not one of ours.
  if (named.length === 0 && notServed.length === 0 && zips.length === 0 && landmarks.length === 0 && counties.length === 0) {
    const words = text.trim().replace(/[?.!]+$/, '').split(/\s+/).filter(Boolean);
    if (words.length >= 1 && words.length <= 3 && words.every((w) => /^[A-Z][a-z'.-]+$/.test(w))
      && words.map((w) => fold(w).replace(/\.$/, '')).some((w) => !commonWords.has(w) && !exampleWords.has(w) && !notAPlace.has(w)) && words.join('').length >= 4) {
      notServed.push(words.join(' '));
      guessed.push(words.join(' '));
    }
  }
  const all = [...named, ...zips.flatMap((z) => z.cities), ...counties.flatMap((c) => c.cities), ...landmarks.flatMap((l) => l.cities)];
  return { cities: [...new Map(all.map((c) => [c.id, c])).values()], zips, notServed, guessed, counties, landmarks };
}

/** Whether the mention names any place at all, ours or not. */
export const namesAPlace = (p: PlaceMention): boolean => p.cities.length > 0 || p.zips.length > 0 || p.notServed.length > 0;

/** Whether every place named is outside our area (a town, county, state or ZIP we do not serve). */
export const onlyOutside = (p: PlaceMention): boolean =>
  p.cities.length === 0 && (p.notServed.length > 0 || p.zips.some((z) => z.cities.length === 0));

/** The city whose page the visitor is on (`/plumber-kyle`, `/service-area/kyle`), if any. */
export function cityOfPage(pageContext: string): City | undefined {
  const path = fold(pageContext.split(/[?#]/)[0] ?? '').replace(/\/+$/, '');
  return cities.find((c) => path === `/${c.route}` || path === `/service-area/${c.id}`);
}
