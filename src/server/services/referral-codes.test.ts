import { describe, expect, test } from 'vitest';
import { firstNameOf, newReferralCode, normaliseReferralCode, referralLink } from './referral-codes';
import { isDisposableEmail } from './referral-checks';

describe('referral codes', () => {
  test('are 8 characters without I, L, O or U, and differ', () => {
    const codes = new Set(Array.from({ length: 500 }, newReferralCode));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
  });

  test('read back forgivingly: case, spaces, dashes, and O/I/L for 0/1/1', () => {
    expect(normaliseReferralCode('k7m2-9qxz')).toBe('K7M29QXZ');
    expect(normaliseReferralCode(' K7M2 9QXZ ')).toBe('K7M29QXZ');
    expect(normaliseReferralCode('OIL23456')).toBe('01123456');
    for (const bad of ['', 'K7M29QX', 'K7M29QXZZ', 'K7M2U9QX', '<script>', 'x'.repeat(41), null, undefined]) expect(normaliseReferralCode(bad)).toBeNull();
  });

  test('the link and the first name', () => {
    expect(referralLink('https://example.com', 'K7M29QXZ')).toBe('https://example.com/ref/K7M29QXZ');
    expect(firstNameOf('  Alexandra Q. Smith ')).toBe('Alexandra');
  });

  test('disposable email domains are recognised whatever the case', () => {
    expect(isDisposableEmail('someone@Mailinator.com')).toBe(true);
    expect(isDisposableEmail('someone@example.com')).toBe(false);
    expect(isDisposableEmail(null)).toBe(false);
  });
});
