/**
 * One key per place, however the address was typed: lower case, punctuation dropped, spaces
 * single, the usual street and unit words shortened ("Street" and "St." are the same street).
 * The store's rule "one active membership per address and plan" compares these keys.
 */
const words: Record<string, string> = {
  street: 'st', avenue: 'ave', av: 'ave', road: 'rd', drive: 'dr', lane: 'ln', boulevard: 'blvd', court: 'ct',
  circle: 'cir', place: 'pl', parkway: 'pkwy', highway: 'hwy', trail: 'trl', terrace: 'ter', cove: 'cv', way: 'way',
  north: 'n', south: 's', east: 'e', west: 'w', northeast: 'ne', northwest: 'nw', southeast: 'se', southwest: 'sw',
  apartment: 'apt', suite: 'ste', unit: 'unit', building: 'bldg', number: '', no: '',
};

function normalise(part: string | undefined): string {
  return (part ?? '')
    .toLowerCase()
    .replace(/#/g, ' ')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => words[word] ?? word)
    .filter(Boolean)
    .join(' ');
}

export interface AddressParts {
  line1: string;
  line2?: string | undefined;
  city: string;
  state: string;
  zip: string;
}

export function addressKey(address: AddressParts): string {
  return [normalise(address.line1), normalise(address.line2), normalise(address.city), address.state.trim().toLowerCase(), address.zip.trim().slice(0, 5)].join('|');
}
