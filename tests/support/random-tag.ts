/**
 * A short random tag that keeps test data apart between runs. It is drawn from consonants and
 * digits only, so it can never spell a word such as "add" or "save": a tag inside an email or a
 * name then never matches a button's or a link's accessible name by accident.
 */
const alphabet = 'bcdfghjklmnpqrstvwxz23456789';

export function randomTag(length = 6): string {
  return Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
}
