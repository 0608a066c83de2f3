import { describe, expect, it } from 'vitest';
import type { StoreItem } from '../../lib/store/catalogue';
import { renewalTokenFrom } from '../../lib/api/renewal.contract';
import { checkCheckout, checkoutFingerprint, checkoutPayload, formPaths, unplacedErrors, withRenewal, type CheckoutLine } from './checkout-form.logic';
import { statusQueryFrom } from './checkout-status.logic';

const item = (slug: string, kind: StoreItem['kind'], propertyType: StoreItem['propertyType'] = 'residential'): StoreItem => ({
  slug, kind, name: slug, description: '', features: [], priceCents: 1000, termMonths: kind === 'membership' ? 12 : null, propertyType, image: null,
});
const line = (i: StoreItem, quantity = 1): CheckoutLine => ({ slug: i.slug, quantity, item: i });
const address = (prefix: string) => ({ [`${prefix}.line1`]: '1 Main St', [`${prefix}.city`]: 'Austin', [`${prefix}.state`]: 'tx', [`${prefix}.zip`]: '78701' });
const contact = { name: 'Ana Buyer', phone: '512-555-0100', email: 'ana@example.com' };

describe('the checkout payload', () => {
  it('sends slugs and quantities (a membership always 1), the service address per membership and shipping for a product; never a price', () => {
    const lines = [line(item('silver', 'membership'), 3), line(item('drain-care', 'product'), 4)];
    const payload = checkoutPayload({ ...contact, ...address('items.0.serviceAddress'), ...address('shippingAddress') }, { billingSameAsService: true, acceptTerms: true }, lines, 1000);
    expect(payload.items).toEqual([{ slug: 'silver', quantity: 1, serviceAddress: { line1: '1 Main St', city: 'Austin', state: 'tx', zip: '78701' } }, { slug: 'drain-care', quantity: 4 }]);
    expect(payload.shippingAddress).toMatchObject({ line1: '1 Main St' });
    expect(payload).not.toHaveProperty('billingAddress');
    expect(JSON.stringify(payload)).not.toMatch(/price|cents/i);
    expect(checkCheckout(payload)).toEqual({});
  });

  it('names every missing field by the path the server uses, the commercial ones included', () => {
    const lines = [line(item('commercial-vip', 'membership', 'commercial'))];
    const payload = checkoutPayload({ propertyType: 'residential' }, { billingSameAsService: false, acceptTerms: false }, lines, 1000);
    expect(payload.propertyType).toBe('commercial');
    const errors = checkCheckout(payload);
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['name', 'phone', 'email', 'company', 'contactPerson', 'items.0.serviceAddress.line1', 'items.0.serviceAddress.zip', 'billingAddress.line1', 'acceptTerms']));
    expect(errors.acceptTerms).toBe('Tick the box to accept the terms.');
    expect(unplacedErrors(errors, formPaths(lines, true, false))).toEqual([]);
    expect(unplacedErrors({ 'items.3.slug': 'Gone.' }, formPaths(lines, true, false))).toEqual(['Gone.']);
  });

  it('reuses the idempotency fingerprint while the details are the same, whatever the clock', () => {
    const lines = [line(item('drain-care', 'product'))];
    const a = checkoutPayload({ ...contact }, { billingSameAsService: true, acceptTerms: true }, lines, 1);
    const b = checkoutPayload({ ...contact }, { billingSameAsService: true, acceptTerms: true }, lines, 2);
    const c = checkoutPayload({ ...contact, name: 'Someone Else' }, { billingSameAsService: true, acceptTerms: true }, lines, 2);
    expect(checkoutFingerprint(a)).toBe(checkoutFingerprint(b));
    expect(checkoutFingerprint(a)).not.toBe(checkoutFingerprint(c));
  });

  it('reads a renewal token and the success page query only in the forms the server accepts', () => {
    const token = 'a1'.repeat(32);
    expect(renewalTokenFrom(`?renew=${token}`)).toEqual({ present: true, token });
    expect(renewalTokenFrom('?renew=mem_abc-12')).toEqual({ present: true });
    expect(renewalTokenFrom('?renew=<x>')).toEqual({ present: true });
    expect(renewalTokenFrom('?x=1')).toEqual({ present: false });
    expect(statusQueryFrom('?session_id=cs_test_a1')).toEqual({ session_id: 'cs_test_a1' });
    expect(statusQueryFrom('?order=ord_1')).toEqual({ order: 'ord_1' });
    expect(statusQueryFrom('?session_id=pi_123')).toBeUndefined();
    expect(statusQueryFrom('')).toBeUndefined();
  });

  it('fills the holder\'s details and the membership\'s address in, keeping what was typed already', () => {
    const prefill = {
      slug: 'commercial-vip', endsOn: '2027-01-14', name: 'Rosa Vega', email: 'rosa@example.com', phone: '512-555-0142', propertyType: 'commercial' as const,
      company: 'Vega Tacos', contactPerson: 'Rosa Vega', serviceAddress: { line1: '9 Pecan Street', city: 'Austin', state: 'TX', zip: '78702' },
    };
    const values = withRenewal({ propertyType: 'residential', email: 'typed@example.com', name: '  ' }, prefill, 0);
    expect(values).toEqual({
      propertyType: 'commercial', name: 'Rosa Vega', email: 'typed@example.com', phone: '512-555-0142', company: 'Vega Tacos', contactPerson: 'Rosa Vega',
      'items.0.serviceAddress.line1': '9 Pecan Street', 'items.0.serviceAddress.city': 'Austin', 'items.0.serviceAddress.state': 'TX', 'items.0.serviceAddress.zip': '78702',
    });
    const payload = checkoutPayload(values, { billingSameAsService: true, acceptTerms: true }, [line(item('commercial-vip', 'membership'))], 1, 'a1'.repeat(32));
    expect(payload).toMatchObject({ renewalToken: 'a1'.repeat(32), items: [{ slug: 'commercial-vip', serviceAddress: { line1: '9 Pecan Street', zip: '78702' } }] });
  });
});
