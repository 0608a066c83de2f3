import { afterEach, expect, test, vi } from 'vitest';
import { createLogger } from './logger';

afterEach(() => {
  vi.restoreAllMocks();
});

test('writes one JSON line carrying the bound request id', () => {
  const out = vi.spyOn(console, 'log').mockImplementation(() => {});
  createLogger({ requestId: 'r-1' }, {}).info('request', { status: 200 });
  expect(JSON.parse(String(out.mock.calls[0]?.[0]))).toMatchObject({ level: 'info', msg: 'request', requestId: 'r-1', status: 200 });
});

test('redacts fields whose names look secret', () => {
  const out = vi.spyOn(console, 'log').mockImplementation(() => {});
  createLogger({}, {}).with({ authorization: 'Bearer abc' }).info('x', { password: 'hunter2', apiKey: 'k', city: 'Austin' });
  const line = JSON.parse(String(out.mock.calls[0]?.[0]));
  expect(line).toMatchObject({ authorization: '[redacted]', password: '[redacted]', apiKey: '[redacted]', city: 'Austin' });
});

test('LOG_LEVEL filters lower levels', () => {
  const out = vi.spyOn(console, 'log').mockImplementation(() => {});
  const err = vi.spyOn(console, 'error').mockImplementation(() => {});
  const log = createLogger({}, { LOG_LEVEL: 'warn' });
  log.info('hidden');
  log.warn('shown');
  expect(out).not.toHaveBeenCalled();
  expect(err).toHaveBeenCalledTimes(1);
});
