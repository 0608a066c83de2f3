import { describe, expect, test, vi } from 'vitest';
import {
  chooseChannel, detectChannel, isUsableChannel, usableChannel, parseDetectionRules, readCookie, readStoredTable, swapPhoneLinks,
  trackingNumbersPath, trackingTableStorageKey, trafficSourceCookie, trafficSourceScript, type TrackingChannel,
} from './traffic-source';
import { trafficSourceHeadScript } from '../components/traffic-source-head';

const channel = (channelKey: string, rules: object | string, extra: Partial<TrackingChannel> = {}): TrackingChannel => ({
  channelKey,
  displayNumber: '(512) 555-0101',
  telLink: 'tel:+15125550101',
  isDefault: false,
  isActive: true,
  detectionRules: typeof rules === 'string' ? rules : JSON.stringify(rules),
  ...extra,
});

const table: TrackingChannel[] = [
  channel('default', {}, { isDefault: true, displayNumber: '(512) 368-9159', telLink: 'tel:+15123689159' }),
  channel('google', { urlParams: ['gclid'], utmSources: ['google'], referrerIncludes: ['google.'] }),
  channel('facebook', { urlParams: ['fbclid'], utmSources: ['facebook', 'instagram', 'fb', 'ig'], referrerIncludes: ['facebook.com', 'instagram.com'] }, { displayNumber: '(512) 555-0102', telLink: 'tel:+15125550102' }),
  channel('yelp', { utmSources: ['yelp'], referrerIncludes: ['yelp.com'] }, { displayNumber: '(512) 555-0103', telLink: 'tel:+15125550103' }),
];
const noWarn = () => {
  throw new Error('no warning expected');
};

describe('detectChannel', () => {
  test('a listed URL parameter picks its channel, whatever its value', () => {
    expect(detectChannel(table, '?gclid=x', '', noWarn)).toBe('google');
    expect(detectChannel(table, '?fbclid=', '', noWarn)).toBe('facebook');
  });

  test('utm_source matches a listed source case-insensitively', () => {
    expect(detectChannel(table, '?utm_source=Facebook', '', noWarn)).toBe('facebook');
    expect(detectChannel(table, '?utm_source=IG&utm_medium=social', '', noWarn)).toBe('facebook');
    expect(detectChannel(table, '?utm_source=YELP', '', noWarn)).toBe('yelp');
  });

  test('utm_source must equal a source, not merely contain it', () => {
    expect(detectChannel(table, '?utm_source=googleads', '', noWarn)).toBeNull();
  });

  test('a referrer containing a listed fragment picks its channel', () => {
    expect(detectChannel(table, '', 'https://www.google.com/', noWarn)).toBe('google');
    expect(detectChannel(table, '', 'https://l.instagram.com/?u=x', noWarn)).toBe('facebook');
    expect(detectChannel(table, '', 'https://WWW.YELP.COM/biz/x', noWarn)).toBe('yelp');
  });

  test('a visit matching nothing has no channel', () => {
    expect(detectChannel(table, '?q=plumber&utm_source=newsletter', 'https://duckduckgo.com/', noWarn)).toBeNull();
    expect(detectChannel(table, '', '', noWarn)).toBeNull();
  });

  test('the first matching channel in table order wins', () => {
    expect(detectChannel(table, '?gclid=1&fbclid=2', '', noWarn)).toBe('google');
  });

  test('the default channel and inactive channels are never detected', () => {
    const rows = [channel('default', { urlParams: ['gclid'] }, { isDefault: true }), channel('google', { urlParams: ['gclid'] }, { isActive: false })];
    expect(detectChannel(rows, '?gclid=1', '', noWarn)).toBeNull();
  });

  test('unparsable rules are logged and skipped; later channels still match', () => {
    const warn = vi.fn();
    const rows = [channel('broken', '{"urlParams": ["gclid"'), channel('wrong-shape', { urlParams: 'gclid' }), channel('google', { urlParams: ['gclid'] })];
    expect(detectChannel(rows, '?gclid=1', '', warn)).toBe('google');
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]![0]).toMatch(/^broken: detection rules are not valid JSON/);
    expect(warn.mock.calls[1]![0]).toMatch(/^wrong-shape: detection rule urlParams must be a list/);
  });
});

describe('parseDetectionRules', () => {
  test('accepts an object with optional lists', () => {
    expect(parseDetectionRules('{}', noWarn)).toEqual({});
    expect(parseDetectionRules('{"utmSources":["yelp"]}', noWarn)).toEqual({ utmSources: ['yelp'] });
  });

  test.each(['null', '[]', '"gclid"', '42', '{"referrerIncludes":[""]}', '{"utmSources":[1]}', 'not json'])('rejects %s with a warning', (text) => {
    const warn = vi.fn();
    expect(parseDetectionRules(text, warn)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('chooseChannel', () => {
  test('the cookie channel wins over what this visit would match, and is not stored again', () => {
    const detect = vi.fn(() => 'google');
    expect(chooseChannel(table, 'facebook', detect)).toEqual({ channel: table[2], remember: null });
    expect(detect).not.toHaveBeenCalled();
  });

  test('without a cookie, a detected channel is shown and remembered', () => {
    expect(chooseChannel(table, null, () => 'google')).toEqual({ channel: table[1], remember: 'google' });
  });

  test('a cookie naming an unknown, inactive or default channel is ignored', () => {
    const rows = [...table, channel('nextdoor', {}, { isActive: false })];
    for (const cookie of ['tiktok', 'nextdoor', 'default']) {
      expect(chooseChannel(rows, cookie, () => 'yelp')).toEqual({ channel: table[3], remember: 'yelp' });
    }
  });

  test('with no cookie and no match, the default channel is shown and nothing is stored', () => {
    expect(chooseChannel(table, null, () => null)).toEqual({ channel: table[0], remember: null });
  });
});

describe('readCookie', () => {
  test('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; traffic_source=google; b=2', 'traffic_source')).toBe('google');
    expect(readCookie('traffic_source=face%20book', 'traffic_source')).toBe('face book');
  });

  test('returns null when absent or undecodable', () => {
    expect(readCookie('', 'traffic_source')).toBeNull();
    expect(readCookie('my_traffic_source=google', 'traffic_source')).toBeNull();
    expect(readCookie('traffic_source=%E0%A4%A', 'traffic_source')).toBeNull();
  });
});

describe('readStoredTable and isUsableChannel', () => {
  const storage = (value: unknown) => ({ getItem: () => (typeof value === 'string' ? value : JSON.stringify(value)) });

  test('uses a stored table fetched after the build', () => {
    expect(readStoredTable(storage({ fetchedAt: 2000, trackingNumbers: table }), 1000)).toEqual({ fetchedAt: 2000, channels: table });
  });

  test('ignores a table older than the build, corrupt JSON, or a record that would change the layout', () => {
    expect(readStoredTable(storage({ fetchedAt: 500, trackingNumbers: table }), 1000)).toBeNull();
    expect(readStoredTable(storage('{oops'), 0)).toBeNull();
    expect(readStoredTable(storage({ fetchedAt: 2000, trackingNumbers: [{ ...table[1], displayNumber: '512-555-0101 ext. 9' }] }), 0)).toBeNull();
    expect(readStoredTable(null, 0)).toBeNull();
  });

  test('a record in another phone format is normalised, and an unusable one is skipped on its own', () => {
    const other = { ...table[1], displayNumber: '+1 512-555-0101', telLink: 'tel:512-555-0101', isActive: undefined };
    const broken = { ...table[1], channelKey: 'broken', displayNumber: 'call us' };
    const read = readStoredTable(storage({ fetchedAt: 2000, trackingNumbers: [table[0], other, broken] }), 1000);
    expect(read?.channels.map((c) => c.channelKey)).toEqual([table[0]!.channelKey, table[1]!.channelKey]);
    expect(read?.channels[1]).toMatchObject({ displayNumber: '(512) 555-0101', telLink: 'tel:+15125550101', isActive: true });
    expect(usableChannel({ ...table[1], detectionRules: { urlParams: ['gclid'] } })?.detectionRules).toBe('{"urlParams":["gclid"]}');
  });

  test('a usable record has the office number format and a normalised tel: link', () => {
    expect(table.every(isUsableChannel)).toBe(true);
    expect(isUsableChannel({ ...table[1], telLink: 'tel:512-555-0101' })).toBe(false);
    expect(isUsableChannel({ ...table[1], isActive: 'yes' })).toBe(false);
    expect(isUsableChannel(null)).toBe(false);
  });
});

/** Just enough of the DOM for swapPhoneLinks: links with attributes and a number span. */
class FakeElement {
  attributes = new Map<string, string>();
  children: FakeElement[] = [];
  textContent = '';
  constructor(attrs: Record<string, string>, text?: FakeElement) {
    for (const [k, v] of Object.entries(attrs)) this.attributes.set(k, v);
    if (text) this.children.push(text);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  querySelector(selector: string) {
    return selector === '[data-phone-text]' ? this.children.find((c) => c.attributes.has('data-phone-text')) ?? null : null;
  }
}

function fakePage(austinText = '(512) 368-9159') {
  const span = () => Object.assign(new FakeElement({ 'data-phone-text': '' }), { textContent: austinText });
  const header = new FakeElement({ href: 'tel:+15123689159', 'data-phone': 'austin' }, span());
  const footer = new FakeElement({ href: 'tel:+15123689159', 'data-phone': 'austin' }, span());
  const marbleFalls = new FakeElement({ href: 'tel:+18304603565', 'data-phone': 'marble-falls' }, Object.assign(new FakeElement({ 'data-phone-text': '' }), { textContent: '(830) 460-3565' }));
  const sms = new FakeElement({ href: 'sms:+15123689159?&body=Hi%2C%20I%20need%20help', 'data-sms': 'austin' });
  const all = [header, footer, marbleFalls, sms];
  const root = {
    querySelectorAll: (selector: string) => {
      const phone = /^a\[data-phone="(.+)"\]$/.exec(selector)?.[1];
      const text = /^\[data-sms="(.+)"\]$/.exec(selector)?.[1];
      return all.filter((e) => (phone && e.getAttribute('data-phone') === phone) || (text && e.getAttribute('data-sms') === text));
    },
  };
  return { root: root as unknown as ParentNode, header, footer, marbleFalls, sms };
}

describe('swapPhoneLinks', () => {
  test('swaps the Austin numbers, tel: links and sms: links and leaves Marble Falls alone', () => {
    const page = fakePage();
    swapPhoneLinks(page.root, 'austin', '(512) 368-9159', table[1]!, false);
    for (const link of [page.header, page.footer]) {
      expect(link.getAttribute('href')).toBe('tel:+15125550101');
      expect(link.children[0]!.textContent).toBe('(512) 555-0101');
    }
    expect(page.sms.getAttribute('href')).toBe('sms:+15125550101?&body=Hi%2C%20I%20need%20help');
    expect(page.marbleFalls.getAttribute('href')).toBe('tel:+18304603565');
    expect(page.marbleFalls.children[0]!.textContent).toBe('(830) 460-3565');
  });

  test('while parsing, a number whose text is not complete yet is left for the final pass', () => {
    const page = fakePage('(512) 368-');
    swapPhoneLinks(page.root, 'austin', '(512) 368-9159', table[1]!, true);
    expect(page.header.children[0]!.textContent).toBe('(512) 368-');
    swapPhoneLinks(page.root, 'austin', '(512) 368-9159', table[1]!, false);
    expect(page.header.children[0]!.textContent).toBe('(512) 555-0101');
  });

  test('changes nothing the second time, so an observer does not loop on its own changes', () => {
    const page = fakePage();
    swapPhoneLinks(page.root, 'austin', '(512) 368-9159', table[1]!, false);
    const setText = vi.spyOn(page.header.children[0]!, 'textContent', 'set');
    const setHref = vi.spyOn(page.header, 'setAttribute');
    swapPhoneLinks(page.root, 'austin', '(512) 368-9159', table[1]!, true);
    expect(setText).not.toHaveBeenCalled();
    expect(setHref).not.toHaveBeenCalled();
  });
});

describe.each([
  ['as written', trafficSourceScript],
  ['minified for the page head', trafficSourceHeadScript],
])('trafficSourceScript, %s', (_, scriptOf) => {
  /** Runs the script text with only the globals passed here: no access to this module's scope. */
  function runScript(options: { search: string; referrer?: string; cookie?: string; stored?: string }) {
    const page = fakePage();
    const listeners: Record<string, () => void> = {};
    let observed: (() => void) | undefined;
    const document = {
      cookie: options.cookie ?? '',
      referrer: options.referrer ?? '',
      documentElement: {},
      querySelectorAll: page.root.querySelectorAll,
      addEventListener: (type: string, fn: () => void) => (listeners[`document:${type}`] = fn),
    };
    class MutationObserver {
      constructor(fn: () => void) {
        observed = fn;
      }
      observe() {}
      disconnect() {
        observed = undefined;
      }
    }
    const localStorage = { getItem: vi.fn(() => options.stored ?? null), setItem: vi.fn() };
    const window = { localStorage, requestIdleCallback: (fn: () => void) => fn() };
    const fetch = vi.fn(async () => new Response(JSON.stringify({ trackingNumbers: table })));
    const script = scriptOf({ office: 'austin', officeNumber: '(512) 368-9159', builtAt: 1000, channels: table });
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    new Function('window', 'document', 'location', 'MutationObserver', 'addEventListener', 'fetch', script)(
      window, document, { search: options.search, protocol: 'https:', host: 'www.plumbersthatcare.com' }, MutationObserver,
      (type: string, fn: () => void) => (listeners[`window:${type}`] = fn), fetch,
    );
    return { page, document, listeners, observe: () => observed?.(), fetch, localStorage };
  }

  test('runs on its own and swaps as the parser adds links, remembering the channel for 90 days', () => {
    const run = runScript({ search: '?gclid=abc' });
    expect(run.document.cookie).toBe('traffic_source=google; Max-Age=7776000; Path=/; SameSite=Lax; Secure');
    run.observe();
    expect(run.page.header.children[0]!.textContent).toBe('(512) 555-0101');
    run.listeners['document:DOMContentLoaded']!();
    expect(run.page.sms.getAttribute('href')).toMatch(/^sms:\+15125550101\?/);
  });

  test('a visitor with the cookie keeps its channel and is not re-attributed', () => {
    const run = runScript({ search: '?gclid=abc', cookie: 'traffic_source=facebook' });
    expect(run.document.cookie).toBe('traffic_source=facebook');
    run.listeners['document:DOMContentLoaded']!();
    expect(run.page.footer.children[0]!.textContent).toBe('(512) 555-0102');
  });

  test('a visit from no channel leaves the office number and fetches nothing', () => {
    const run = runScript({ search: '' });
    expect(run.listeners['document:DOMContentLoaded']).toBeUndefined();
    expect(run.listeners['window:load']).toBeUndefined();
    expect(run.page.header.children[0]!.textContent).toBe('(512) 368-9159');
    // Nor does it read storage before the first paint (a round trip to the browser process).
    expect(run.localStorage.getItem).not.toHaveBeenCalled();
    const internal = runScript({ search: '', referrer: 'https://www.plumbersthatcare.com/contact' });
    expect(internal.localStorage.getItem).not.toHaveBeenCalled();
  });

  test('a remembered channel that only the stored table knows still shows its number', () => {
    const stored = JSON.stringify({ fetchedAt: 5000, trackingNumbers: [...table, { channelKey: 'mailer', displayNumber: '(512) 555-0177', telLink: 'tel:+15125550177', isDefault: false, isActive: true, detectionRules: '{}' }] });
    const run = runScript({ search: '', cookie: 'traffic_source=mailer', stored });
    run.listeners['document:DOMContentLoaded']!();
    expect(run.page.header.children[0]!.textContent).toBe('(512) 555-0177');
  });

  test('a visit whose address or outside referrer could name a channel newer than the page fetches the table after load', async () => {
    for (const visit of [{ search: '?angi_click=1' }, { search: '', referrer: 'https://www.angi.com/companies/x' }]) {
      const run = runScript(visit);
      expect(run.listeners['document:DOMContentLoaded']).toBeUndefined();
      run.listeners['window:load']!();
      await vi.waitFor(() => expect(run.localStorage.setItem).toHaveBeenCalledOnce());
    }
    const internal = runScript({ search: '', referrer: 'https://www.plumbersthatcare.com/contact' });
    expect(internal.listeners['window:load']).toBeUndefined();
  });

  test('after load it stores the API table for the next page', async () => {
    const run = runScript({ search: '?utm_source=Facebook' });
    run.listeners['window:load']!();
    await vi.waitFor(() => expect(run.localStorage.setItem).toHaveBeenCalledOnce());
    expect(run.fetch).toHaveBeenCalledWith(trackingNumbersPath, { credentials: 'include' });
    const [key, value] = run.localStorage.setItem.mock.calls[0] as unknown as [string, string];
    expect(key).toBe(trackingTableStorageKey);
    expect(JSON.parse(value).trackingNumbers).toEqual(table);
  });

  test('a newer stored table wins over the built-in one', () => {
    const stored = JSON.stringify({ fetchedAt: 5000, trackingNumbers: [{ ...table[1], displayNumber: '(512) 555-0199', telLink: 'tel:+15125550199' }] });
    const run = runScript({ search: '?gclid=1', stored });
    run.listeners['document:DOMContentLoaded']!();
    expect(run.page.header.children[0]!.textContent).toBe('(512) 555-0199');
  });

  test('escapes the table so a stored value cannot close the script element', () => {
    const script = scriptOf({ office: 'austin', officeNumber: 'x', builtAt: 0, channels: [{ ...table[1]!, detectionRules: '</script><script>alert(1)</script>' }] });
    expect(script.toLowerCase()).not.toContain('</script');
    expect(script).toMatch(new RegExp(`["']${trafficSourceCookie}=["']`));
  });
});

test('the script refreshes from the contract path', async () => {
  const { trackingNumbersContract } = await import('./api/tracking-numbers.contract');
  expect(trackingNumbersPath).toBe(trackingNumbersContract.path);
});
