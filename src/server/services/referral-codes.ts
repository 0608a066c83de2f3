/**
 * Referral codes: eight characters of Crockford's base 32 (no I, L, O or U), drawn at random (about
 * 10^12 possibilities, so a code cannot be guessed or counted from ids), made the first time a
 * customer's code is asked for. A code read back from a person is forgiving: case, spaces and
 * dashes do not matter, and O, I and L are read as 0, 1 and 1.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { findCodeOfCustomer, insertCode, type ReferralCode } from '../repositories/referral.repository';
import { referenceAlphabet } from './leads';

export const referralCodeLength = 8;

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < referralCodeLength; i++) code += referenceAlphabet[randomInt(referenceAlphabet.length)];
  return code;
}

/** The code as stored, or null when `input` cannot be a code. */
export function normaliseReferralCode(input: string | null | undefined): string | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  const code = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return new RegExp(`^[${referenceAlphabet}]{${referralCodeLength}}$`).test(code) ? code : null;
}

/** The customer's code, made now when they have none yet. */
export async function ensureReferralCode(db: Kysely<Database>, customerId: number): Promise<ReferralCode> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await findCodeOfCustomer(db, customerId);
    if (existing) return existing;
    const made = await insertCode(db, customerId, newReferralCode());
    if (made) return made;
  }
  throw new Error(`could not make a referral code for customer ${customerId}`);
}

/** The link a customer shares. */
export const referralLink = (origin: string, code: string): string => new URL(`/ref/${code}`, origin).toString();

/** The first word of a name: all a referral page shows of the referrer. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0]!.slice(0, 40);
}
