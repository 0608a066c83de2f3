import { expect, test } from 'vitest';
import { track404Contract } from '../lib/api/track-404.contract';
import { track404Path } from './not-found-report.client';

test('the 404 screen reports to the contract path', () => {
  expect(track404Path).toBe(track404Contract.path);
});
