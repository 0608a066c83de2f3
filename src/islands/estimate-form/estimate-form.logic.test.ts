import { describe, expect, test } from 'vitest';
import { checkEstimate, emptyEstimate, estimateDraftSchema, estimateFingerprint, estimatePayload } from './estimate-form.logic';

const filled = { ...emptyEstimate, name: 'Ana', phone: '512 555 0100', message: 'Leak' };

describe('estimatePayload', () => {
  test('is SPEC §3 payload: every field, the page context and the start time', () => {
    expect(estimatePayload(filled, 'Home Page', 123)).toEqual({ ...filled, pageContext: 'Home Page', formStartTime: 123 });
  });
});

describe('checkEstimate', () => {
  test('passes a form with a name and a phone number', () => {
    expect(checkEstimate(estimatePayload(filled, 'Home Page', 1))).toEqual({});
  });

  test('names the required fields with the same sentences as the server', () => {
    expect(checkEstimate(estimatePayload(emptyEstimate, 'Home Page', 1))).toEqual({
      name: 'Enter your full name.',
      phone: 'Enter your phone number so we can call you back.',
    });
  });
});

describe('estimateFingerprint', () => {
  test('is the same when only the timing, the trap or surrounding spaces differ', () => {
    expect(estimateFingerprint(estimatePayload(filled, 'Home Page', 1))).toBe(estimateFingerprint(estimatePayload({ ...filled, name: ' Ana ', website: 'x' }, 'Home Page', 2)));
  });

  test('changes when the message changes', () => {
    expect(estimateFingerprint(estimatePayload(filled, 'Home Page', 1))).not.toBe(estimateFingerprint(estimatePayload({ ...filled, message: 'Leak!' }, 'Home Page', 1)));
  });
});

describe('estimateDraftSchema', () => {
  test('discards a draft with a missing field or a bad key', () => {
    expect(estimateDraftSchema.safeParse({ values: { name: 'x' }, formStartTime: 1, pending: null }).success).toBe(false);
    expect(estimateDraftSchema.safeParse({ values: emptyEstimate, formStartTime: 1, pending: { key: 'nope', fingerprint: '' } }).success).toBe(false);
    expect(estimateDraftSchema.safeParse({ values: emptyEstimate, formStartTime: 1, pending: null }).success).toBe(true);
  });
});
