/** The referral program: codes, clicks on referral links, referrals and the credits ledger. */
import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable } from 'kysely';

import type { ReferralFlag, ReferralStatus } from '../../../lib/referrals';

export type { ReferralFlag, ReferralStatus };

export type ReferralSource = 'offer' | 'refer-a-friend';

export interface ReferralCodeTable {
  id: Generated<number>;
  customer_id: number;
  code: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ReferralClickTable {
  id: Generated<number>;
  code_id: number;
  client_hash: string | null;
  landing: 'ref' | 'referred-by';
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ReferralTable {
  id: Generated<number>;
  public_id: string;
  source: ReferralSource;
  code_id: number | null;
  referrer_customer_id: number | null;
  referrer_name: string | null;
  referrer_email: string | null;
  referrer_phone: string | null;
  friend_name: string;
  friend_email: string | null;
  friend_phone: string;
  friend_phone_digits: string | null;
  friend_customer_id: number | null;
  lead_id: number | null;
  status: ReferralStatus;
  flags: JSONColumnType<ReferralFlag[]>;
  approved_at: Date | null;
  approved_by: string | null;
  ineligible_reason: string | null;
  qualifying_job_id: number | null;
  qualified_at: Date | null;
  credited_at: Date | null;
  client_hash: string | null;
  consent_at: Date;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ReferralCreditTable {
  id: Generated<number>;
  customer_id: number;
  referral_id: number | null;
  amount_cents: number;
  reason: string;
  expires_at: Date;
  used_at: Date | null;
  used_note: string | null;
  created_by: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type ReferralCode = Selectable<ReferralCodeTable>;
export type Referral = Selectable<ReferralTable>;
export type NewReferral = Insertable<ReferralTable>;
export type ReferralCredit = Selectable<ReferralCreditTable>;
