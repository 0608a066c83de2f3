import { describe, expect, test } from 'vitest';
import { estimateCost } from './estimate';
import { priceGuides } from '../../business/pricing';

const guide = (id: string) => priceGuides.find((p) => p.id === id)!;

describe('estimateCost', () => {
  test('adds the ranges of the chosen jobs', () => {
    const r = estimateCost(['drain-clog-fixture', 'faucet-repair'], false);
    expect(r.low).toBe(guide('drain-clog-fixture').low + guide('faucet-repair').low);
    expect(r.high).toBe(guide('drain-clog-fixture').high + guide('faucet-repair').high);
  });
  test('adds the after-hours call-out once when asked', () => {
    const r = estimateCost(['toilet-repair'], true);
    expect(r.high).toBe(guide('toilet-repair').high + guide('emergency-after-hours').high);
    expect(r.jobs).toHaveLength(2);
  });
  test('is zero when nothing is chosen', () => expect(estimateCost([], false)).toEqual({ low: 0, high: 0, jobs: [] }));
});
