/** The referral program's statuses and flags, with the words staff read (browser and server). */

export const referralStatuses = ['pending', 'qualified', 'credited', 'ineligible', 'flagged'] as const;
export type ReferralStatus = (typeof referralStatuses)[number];

/** Why a referral waits for staff (checked when it is made, and the address again when its job is paid). */
export const referralFlags = ['self-referral', 'existing-customer', 'duplicate-friend', 'disposable-email', 'burst', 'unknown-referrer'] as const;
export type ReferralFlag = (typeof referralFlags)[number];

export const referralStatusLabels: Record<ReferralStatus, string> = {
  pending: 'Pending (no paid job yet)',
  qualified: 'Qualified (waiting for staff)',
  credited: 'Credited',
  ineligible: 'Ineligible',
  flagged: 'Flagged (needs a look)',
};

export const referralFlagLabels: Record<ReferralFlag, string> = {
  'self-referral': 'Self-referral (same email, phone or address as the referrer)',
  'existing-customer': 'Friend is already a customer',
  'duplicate-friend': 'Friend was referred before',
  'disposable-email': 'Disposable email address',
  burst: 'Many referrals from one connection',
  'unknown-referrer': 'Referrer not found among customers',
};

/** The cookie a referral link sets: the code, for 30 days (read by /referral-offer's script and the server). */
export const referralCookie = 'eps_referral';
