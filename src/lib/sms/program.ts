/**
 * The text-message program in one place, read by /sms-signup (what the visitor sees), by the server
 * (the consent record keeps the exact disclosure text of the version the form showed) and by the
 * replies to HELP, STOP and START. Never edit a published disclosure version: add a new one and point
 * `currentSmsDisclosure` at it, so every stored consent still names the words its person agreed to.
 */
import { austinOffice, company, marbleFallsOffice } from '../../business';

/** A piece of the disclosure: plain text, or a link (its text is what the record keeps). */
export interface DisclosurePart {
  text: string;
  href?: string;
}

export interface SmsDisclosure {
  version: string;
  parts: readonly DisclosurePart[];
}

/** What we text and how often, said the same way on the page, in the terms and in the replies. */
export const smsProgram = {
  brand: company.name,
  what: 'appointment reminders and updates, membership visit reminders, review requests and occasional offers',
  frequency: 'Message frequency varies',
  rates: 'Msg & data rates may apply',
  termsPath: '/sms-signup#sms-terms',
  privacyPath: '/privacy-policy#text-messages',
} as const;

const disclosures: readonly SmsDisclosure[] = [
  {
    version: 'sms-2026-11-29',
    parts: [
      { text: `By checking this box, I agree to receive recurring automated text messages from ${smsProgram.brand} at the mobile number above: ${smsProgram.what}. ${smsProgram.frequency}. ${smsProgram.rates}. Reply HELP for help and STOP to cancel. Consent is not a condition of purchase. See our ` },
      { text: 'text message terms', href: smsProgram.termsPath },
      { text: ' and ' },
      { text: 'Privacy Policy', href: smsProgram.privacyPath },
      { text: '.' },
    ],
  },
];

/** The disclosure the sign-up form shows now. */
export const currentSmsDisclosure: SmsDisclosure = disclosures[disclosures.length - 1]!;

/** The words of a disclosure as a person reads them (link texts included, addresses not). */
export const disclosureText = (disclosure: SmsDisclosure): string => disclosure.parts.map((p) => p.text).join('');

/** The exact text of a published version, or undefined for a version we never showed. */
export function disclosureTextOf(version: string): string | undefined {
  const found = disclosures.find((d) => d.version === version);
  return found ? disclosureText(found) : undefined;
}

const help = `call ${austinOffice.phone} (Austin) or ${marbleFallsOffice.phone} (Marble Falls)`;

/** The texts we send in answer to a sign-up and to the keywords (CTIA: brand, help, opt-out in each). */
export const smsReplies = {
  signedUp: `${smsProgram.brand}: you're signed up for text messages (${smsProgram.what}). ${smsProgram.frequency}. ${smsProgram.rates}. Reply HELP for help, STOP to cancel.`,
  stopped: `${smsProgram.brand}: you're unsubscribed and will get no more texts from us. Reply START to subscribe again.`,
  started: `${smsProgram.brand}: you're subscribed to text messages again. ${smsProgram.frequency}. ${smsProgram.rates}. Reply HELP for help, STOP to cancel.`,
  help: `${smsProgram.brand}: texts about your plumbing service. For help, ${help}. ${smsProgram.rates}. Reply STOP to cancel.`,
  other: `${smsProgram.brand}: this number sends automated texts and is not read. To reach us, ${help}. Reply HELP for help, STOP to cancel.`,
} as const;

/** 10 digits, or 11 starting with 1: a US number as +1XXXXXXXXXX; anything else undefined. */
export function usMobileE164(phone: string): string | undefined {
  if (!/^[\d\s().+-]*$/.test(phone)) return undefined;
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10 && /^[2-9]\d{2}[2-9]/.test(digits)) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1') && /^1[2-9]\d{2}[2-9]/.test(digits)) return `+${digits}`;
  return undefined;
}
