import { describe, expect, test } from 'vitest';
import { smsHref, telHref, toE164 } from './phone';

describe('toE164', () => {
  test('adds +1 to a 10-digit number', () => expect(toE164('(512) 368-9159')).toBe('+15123689159'));
  test('keeps an 11-digit number that starts with 1', () => expect(toE164('1-830-460-3565')).toBe('+18304603565'));
  test('prefixes anything else with +', () => expect(toE164('44 20 7946 0958')).toBe('+442079460958'));
});

describe('telHref and smsHref', () => {
  test('build tel: links from displayed numbers', () => expect(telHref('(830) 460-3565')).toBe('tel:+18304603565'));
  test('encode a prefilled text message', () => expect(smsHref('(512) 368-9159', 'Hi & hello')).toBe('sms:+15123689159?&body=Hi%20%26%20hello'));
});
