import { describe, expect, it } from 'vitest';
import { cancelPathOf } from './checkout-submission';

const from = (referer?: string) =>
  cancelPathOf(new Request('https://www.plumbersthatcare.com/api/checkout', { method: 'POST', headers: referer ? { referer } : {} }));

describe('cancelPathOf', () => {
  it('returns the buyer to the store page they came from', () => {
    expect(from('https://www.plumbersthatcare.com/store/checkout/silver-vip-tank')).toBe('/store/checkout/silver-vip-tank');
    expect(from('https://www.plumbersthatcare.com/store/cart?x=1')).toBe('/store/cart?x=1');
  });

  it('keeps a renew link token out of the address Stripe is given', () => {
    const token = 'a'.repeat(64);
    expect(from(`https://www.plumbersthatcare.com/store/checkout/silver-vip-tank?renew=${token}&utm=x`)).toBe('/store/checkout/silver-vip-tank?utm=x');
  });

  it('sends anyone else to the store', () => {
    expect(from()).toBe('/store');
    expect(from('https://evil.example/store/checkout/silver-vip-tank')).toBe('/store');
    expect(from('https://www.plumbersthatcare.com/admin')).toBe('/store');
    expect(from('not a url')).toBe('/store');
  });
});
