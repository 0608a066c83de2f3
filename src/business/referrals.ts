/**
 * The referral program's terms: the one place they are written. The pages, the emails, the reward
 * rule (src/server/services/referral-rewards.ts) and the admin screen all read them from here.
 */

/** What the referred friend gets off their first service. */
export const friendDiscountCents = 2500;
/** The smallest first service the friend's discount and the referrer's credit apply to. */
export const qualifyingJobMinimumCents = 20000;
/** The service credit the referrer earns when the friend's qualifying job is paid. */
export const referrerCreditCents = 2500;
/** How long a credit can be used. */
export const creditValidDays = 180;
/** How long a referral link keeps the code in the visitor's browser. */
export const referralCookieDays = 30;

const usd = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;

export const referralTerms = {
  friendDiscount: usd(friendDiscountCents),
  minimumJob: usd(qualifyingJobMinimumCents),
  referrerCredit: usd(referrerCreditCents),
  creditDays: creditValidDays,
  /** One line each, in the order the pages list them. */
  lines: [
    `Your friend gets ${usd(friendDiscountCents)} off their first service with us of ${usd(qualifyingJobMinimumCents)} or more.`,
    `You get a ${usd(referrerCreditCents)} service credit when that first job is paid.`,
    `Credits can be used on any service for ${creditValidDays} days from the day they are issued.`,
    'Credits and discounts have no cash value and cannot be exchanged for cash.',
    'The friend must be new to us: existing customers and referring yourself do not qualify.',
    'Each friend can be referred once; we review referrals that look unusual before a credit is issued.',
  ],
} as const;
