/** Text helpers for the assistant: normalising, tokenising and a light English stemmer for retrieval. */

/** Lower case without accents: "¿Cuánto?" → "¿cuanto?". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

const stopwords = new Set(
  ('a an and are as at be been but by can could did do does doing for from had has have how i if in into is it its ' +
    'me my of on or our so that the their them then there these this those to too us was we were what when where which ' +
    'who why will with would you your yours just about also than very any some get got im ive dont cant').split(' '),
);

/** Strips common English suffixes so "clogged", "clogs" and "clog" meet. */
export function stem(word: string): string {
  const base = suffixless(word);
  // A silent final e goes too, so "pipe", "piping" and "repiped" meet, as do "replace" and "replaced".
  return base.length > 4 && /[^aeiou]e$/.test(base) ? base.slice(0, -1) : base;
}

function suffixless(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ing') && word.length > 5) return dedouble(word.slice(0, -3));
  if (word.endsWith('ed') && word.length > 4) return dedouble(word.slice(0, -2));
  if (word.endsWith('es') && /(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function dedouble(word: string): string {
  return /([bdglmnprt])\1$/.test(word) ? word.slice(0, -1) : word;
}

/** Search tokens: folded, split on anything but letters and digits, stopwords dropped, stemmed. */
export function tokenize(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !stopwords.has(w))
    .map(stem);
}

/** Sentences of a passage (keeps "7:30 AM" and "$1,800" intact). */
export function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9¿¡"])/)
    .map((s) => s.trim())
    .filter(Boolean);
}
