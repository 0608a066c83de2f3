/**
 * A portal sign-in code by text: Better Auth's emailed-code machinery (the same hashed, expiring,
 * five-try code, the same rate limits and the same answer for every email) with the code sent to the
 * mobile number on file for the email's customer instead. The portal asks for it by sending the
 * header `X-Sign-In-Code-By: sms` with its usual request for a code. The code is texted directly,
 * never stored in the outbox (it is kept only hashed). At most 3 codes per number an hour, and never
 * to a number that opted out (STOP).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { usMobileE164 } from '../../lib/sms/program';
import { textsAvailable } from '../config';
import type { Database } from '../db/database';
import type { Customer } from '../db/tables/customer.table';
import type { Logger } from '../http/logger';
import { countRequest } from '../repositories/rate-limit.repository';
import { maySendText, smsSenderFromEnv } from '../services/sms';

type Env = Record<string, string | undefined>;

export const signInCodeByHeader = 'X-Sign-In-Code-By';
/** Texted codes per number per hour, so nobody can flood a customer's phone through the form. */
export const textedCodesPerHour = 3;

/** True when the request asks for the code by text. */
export function wantsTextedCode(ctx: unknown): boolean {
  const c = ctx as { headers?: Headers; request?: Request; getHeader?: (name: string) => string | null } | undefined;
  const value = c?.getHeader?.(signInCodeByHeader) ?? c?.headers?.get?.(signInCodeByHeader) ?? c?.request?.headers.get(signInCodeByHeader);
  return value?.trim().toLowerCase() === 'sms';
}

/** The text: the code, how long it works, and the WebOTP line (@host #code) that lets phones fill it in. */
export function signInCodeText(code: string, minutes: number, origin: string): string {
  return `Your Economy Plumbing Services sign-in code is ${code}. It works for ${minutes} minutes. Never share it.\n\n@${new URL(origin).host} #${code}`;
}

/** Texts `code` to the mobile numbers on file for `customers` (at most two distinct numbers). Never throws: the answer stays the same. */
export async function textSignInCode(db: Kysely<Database>, customers: readonly Customer[], { code, minutes, origin, env, log, now = new Date() }: { code: string; minutes: number; origin: string; env: Env; log: Logger; now?: Date }): Promise<void> {
  if (!textsAvailable(env)) {
    log.warn('portal sign-in code by text asked for, but texts are not configured (TWILIO_*)');
    return;
  }
  const phones = [...new Set(customers.map((c) => (c.phone_digits ? usMobileE164(c.phone_digits) : undefined)).filter((p): p is string => Boolean(p)))].slice(0, 2);
  if (phones.length === 0) log.info('portal sign-in code not texted: no mobile number on file');
  const sender = smsSenderFromEnv(env);
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  for (const phone of phones) {
    try {
      const hits = await countRequest(db, 'sms-sign-in-code', createHash('sha256').update(phone).digest('hex'), hour);
      if (hits > textedCodesPerHour) {
        log.warn('portal sign-in code not texted: the number had its codes for this hour');
        continue;
      }
      if (!(await maySendText(db, phone, 'transactional'))) {
        log.info('portal sign-in code not texted: the number opted out');
        continue;
      }
      await sender.send({ to: phone, body: signInCodeText(code, minutes, origin) });
    } catch (error) {
      log.error('portal sign-in code could not be texted', error);
    }
  }
}
