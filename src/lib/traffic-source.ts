/**
 * Traffic-source phone numbers (SPEC §5): which channel a visit came from, which number it is shown,
 * and the swap of the office's phone and text links before first paint.
 *
 * The functions below are also serialised with `String(fn)` into the inline script of every page's
 * head (`trafficSourceScript`), as next-themes does: each may use only its arguments, browser globals
 * and the other functions listed in `inlineFunctions`. `trafficSourceScript`'s test runs the
 * serialised text on its own, so an accidental outside reference fails there.
 */

/** Where a channel's visitors come from; every list is optional (SPEC §3). */
export interface DetectionRules {
  urlParams?: string[];
  utmSources?: string[];
  referrerIncludes?: string[];
}

/** A tracking number record as GET /api/tracking-numbers sends it (SPEC §3, §7). */
export interface TrackingChannel {
  channelKey: string;
  displayNumber: string;
  telLink: string;
  isDefault: boolean;
  isActive: boolean;
  /** JSON text of DetectionRules. */
  detectionRules: string;
}

/** What the inline script is built with. */
export interface TrafficSourceConfig {
  /** The office whose links are swapped (`a[data-phone=…]`, `[data-sms=…]`). */
  office: string;
  /** The number the static HTML shows for that office. */
  officeNumber: string;
  /** When the built-in table was read (ms); a table stored from the API later than this wins. */
  builtAt: number;
  channels: TrackingChannel[];
}

export const trafficSourceCookie = 'traffic_source';
/** SPEC §9: the traffic-source cookie lives 90 days. */
export const trafficSourceCookieDays = 90;
/** localStorage key of the table last fetched from the API. */
export const trackingTableStorageKey = 'trackingNumbers';
/** SPEC §9: tracking numbers are fresh for 5 minutes. */
export const trackingTableFreshMs = 5 * 60 * 1000;
export const trackingNumbersPath = '/api/tracking-numbers';

/** The rules of one channel, or null (with a warning) when the JSON cannot be used. */
export function parseDetectionRules(text: string, warn: (message: string) => void): DetectionRules | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    warn('detection rules are not valid JSON: ' + String(text).slice(0, 80));
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    warn('detection rules must be a JSON object: ' + String(text).slice(0, 80));
    return null;
  }
  const rules: Record<string, unknown> = value as Record<string, unknown>;
  const keys = ['urlParams', 'utmSources', 'referrerIncludes'];
  for (let i = 0; i < keys.length; i++) {
    const list = rules[keys[i]!];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.some((item) => typeof item !== 'string' || item === '')) {
      warn('detection rule ' + keys[i] + ' must be a list of non-empty texts');
      return null;
    }
  }
  return rules as DetectionRules;
}

/**
 * SPEC §5: any listed URL parameter is present, or utm_source equals a listed source
 * (case-insensitive), or the referrer contains a listed fragment (compared in lower case, as
 * browsers already lower-case the host).
 */
export function channelMatches(rules: DetectionRules, search: string, referrer: string): boolean {
  const params = new URLSearchParams(search);
  if ((rules.urlParams || []).some((name) => params.has(name))) return true;
  const source = params.get('utm_source');
  if (source !== null && (rules.utmSources || []).some((s) => s.toLowerCase() === source.toLowerCase())) return true;
  const from = String(referrer || '').toLowerCase();
  return from !== '' && (rules.referrerIncludes || []).some((fragment) => from.indexOf(fragment.toLowerCase()) !== -1);
}

/** The first active, non-default channel whose rules match this visit; unusable rules are skipped. */
export function detectChannel(channels: TrackingChannel[], search: string, referrer: string, warn: (message: string) => void): string | null {
  for (let i = 0; i < channels.length; i++) {
    const channel = channels[i]!;
    if (channel.isDefault || !channel.isActive) continue;
    const rules = parseDetectionRules(channel.detectionRules, (m) => warn(channel.channelKey + ': ' + m));
    if (rules && channelMatches(rules, search, referrer)) return channel.channelKey;
  }
  return null;
}

/** One cookie's value from `document.cookie`, or null. */
export function readCookie(cookies: string, name: string): string | null {
  const parts = String(cookies || '').split(';');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!.trim();
    if (part.indexOf(name + '=') !== 0) continue;
    try {
      return decodeURIComponent(part.slice(name.length + 1));
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The channel to show. A stored cookie naming an active channel wins (SPEC: the first match is
 * kept); otherwise `detect` runs, and a match is returned with `remember` set so it is stored.
 * With neither, the default channel (if any) is shown and nothing is stored.
 */
export function chooseChannel(
  channels: TrackingChannel[],
  cookieKey: string | null,
  detect: () => string | null,
): { channel: TrackingChannel | undefined; remember: string | null } {
  const find = (key: string | null) => channels.find((c) => c.channelKey === key && c.isActive && !c.isDefault);
  const kept = find(cookieKey);
  if (kept) return { channel: kept, remember: null };
  const detectedKey = detect();
  const detected = find(detectedKey);
  if (detected) return { channel: detected, remember: detected.channelKey };
  return { channel: channels.find((c) => c.isDefault && c.isActive), remember: null };
}

/** Whether a value (from the API or storage) is a record the swap can show without shifting layout. */
export function isUsableChannel(value: unknown): value is TrackingChannel {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return typeof c.channelKey === 'string'
    && typeof c.displayNumber === 'string' && /^\(\d{3}\) \d{3}-\d{4}$/.test(c.displayNumber)
    && typeof c.telLink === 'string' && /^tel:\+\d{7,15}$/.test(c.telLink)
    && typeof c.isDefault === 'boolean' && typeof c.isActive === 'boolean'
    && typeof c.detectionRules === 'string';
}

/**
 * A record from the API or storage in the shape the swap shows, or null when it cannot be shown.
 * A US number written another way ("512-555-0100", "+1 512 555 0100") is rewritten as
 * "(512) 555-0100" with its tel: link; flags SPEC does not require default to active, not default;
 * rules may come as an object. One record that cannot be used is skipped on its own.
 */
export function usableChannel(value: unknown): TrackingChannel | null {
  if (typeof value !== 'object' || value === null) return null;
  const c = value as Record<string, unknown>;
  if (typeof c.channelKey !== 'string' || c.channelKey === '' || typeof c.displayNumber !== 'string') return null;
  let digits = c.displayNumber.replace(/\D/g, '');
  if (digits.length === 11 && digits.charAt(0) === '1') digits = digits.slice(1);
  if (digits.length !== 10) return null;
  const rules = c.detectionRules;
  const channel: TrackingChannel = {
    channelKey: c.channelKey,
    displayNumber: '(' + digits.slice(0, 3) + ') ' + digits.slice(3, 6) + '-' + digits.slice(6),
    telLink: 'tel:+1' + digits,
    isDefault: c.isDefault === true,
    isActive: c.isActive !== false,
    detectionRules: typeof rules === 'string' ? rules : rules && typeof rules === 'object' ? JSON.stringify(rules) : '{}',
  };
  return isUsableChannel(channel) ? channel : null;
}

/** The usable records of a list (see `usableChannel`), or null when it is not a list or none is usable. */
export function usableChannels(list: unknown): TrackingChannel[] | null {
  if (!Array.isArray(list)) return null;
  const channels: TrackingChannel[] = [];
  for (let i = 0; i < list.length; i++) {
    const channel = usableChannel(list[i]);
    if (channel) channels.push(channel);
  }
  return channels.length > 0 ? channels : null;
}

/** The table stored from the API, when it is newer than `notBefore` and has a usable record. */
export function readStoredTable(storage: Pick<Storage, 'getItem'> | null, notBefore: number): { fetchedAt: number; channels: TrackingChannel[] } | null {
  try {
    const stored: unknown = JSON.parse((storage && storage.getItem('trackingNumbers')) || 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { fetchedAt, trackingNumbers } = stored as { fetchedAt?: unknown; trackingNumbers?: unknown };
    if (typeof fetchedAt !== 'number' || fetchedAt <= notBefore) return null;
    const channels = usableChannels(trackingNumbers);
    return channels ? { fetchedAt, channels } : null;
  } catch {
    return null;
  }
}

/**
 * Shows `channel`'s number in every phone link (`a[data-phone=office]` and its `[data-phone-text]`)
 * and text link (`[data-sms=office]`) under `root`. While the page is still being parsed
 * (`parsing`), a number is replaced only once its text is complete (equal to `officeNumber`), so
 * characters the parser has not yet added cannot be appended to the new number. Changes only
 * what differs, so the MutationObserver that calls it does not loop on its own changes.
 */
export function swapPhoneLinks(root: ParentNode, office: string, officeNumber: string, channel: TrackingChannel, parsing: boolean): void {
  const links = root.querySelectorAll('a[data-phone="' + office + '"]');
  for (let i = 0; i < links.length; i++) {
    const link = links[i]!;
    if (link.getAttribute('href') !== channel.telLink) link.setAttribute('href', channel.telLink);
    const text = link.querySelector('[data-phone-text]');
    if (!text || text.textContent === channel.displayNumber) continue;
    if (parsing && text.textContent !== officeNumber) continue;
    text.textContent = channel.displayNumber;
  }
  const texts = root.querySelectorAll('[data-sms="' + office + '"]');
  for (let i = 0; i < texts.length; i++) {
    const href = texts[i]!.getAttribute('href') || '';
    if (href.indexOf('sms:') !== 0) continue;
    const query = href.indexOf('?') === -1 ? '' : href.slice(href.indexOf('?'));
    const next = 'sms:' + channel.telLink.slice(4) + query;
    if (href !== next) texts[i]!.setAttribute('href', next);
  }
}

/** Fetches the table in idle time for the next page, at most once per freshness period. */
export function refreshStoredTable(storage: Storage | null, now: number): void {
  if (!storage) return;
  const stored = readStoredTable(storage, 0);
  if (stored && now - stored.fetchedAt < 5 * 60 * 1000) return;
  fetch('/api/tracking-numbers', { credentials: 'include' })
    .then((response) => (response.ok ? response.json() : null))
    .then((body: { trackingNumbers?: unknown } | null) => {
      const list = usableChannels(body && body.trackingNumbers);
      if (!list) return;
      storage.setItem('trackingNumbers', JSON.stringify({ fetchedAt: Date.now(), trackingNumbers: list }));
    })
    .catch((error: unknown) => console.warn('[tracking numbers] refresh failed', error));
}

/** The inline script's body: choose the channel, remember it, swap the links as they are parsed. */
export function runTrafficSource(config: TrafficSourceConfig): void {
  const warn = (message: string) => console.warn('[tracking numbers] ' + message);
  // Most visits name no channel: no remembered one, nothing in the address, no outside referrer. They
  // keep the built-in number and need neither the stored table nor anything else; reading storage is
  // a round trip to the browser process, paid before the first paint.
  const cookieKey = readCookie(document.cookie, 'traffic_source');
  const couldNameChannel = location.search.length > 1 || (!!document.referrer && document.referrer.indexOf(location.protocol + '//' + location.host) !== 0);
  if (!cookieKey && !couldNameChannel) return;
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the built-in table still works.
  }
  const stored = readStoredTable(storage, config.builtAt);
  const table = stored ? stored.channels : config.channels;
  const choice = chooseChannel(table, cookieKey, () =>
    detectChannel(table, location.search, document.referrer, warn));
  if (choice.remember) {
    document.cookie = 'traffic_source=' + encodeURIComponent(choice.remember) + '; Max-Age=' + 90 * 86400
      + '; Path=/; SameSite=Lax' + (location.protocol === 'https:' ? '; Secure' : '');
  }
  const channel = choice.channel;
  const fromChannel = !!channel && !channel.isDefault;
  if (channel && fromChannel && channel.displayNumber !== config.officeNumber) {
    const swap = (parsing: boolean) => swapPhoneLinks(document, config.office, config.officeNumber, channel, parsing);
    // Parser-inserted nodes reach the observer at the end of the parser's task, before the next paint.
    const observer = new MutationObserver(() => swap(true));
    observer.observe(document.documentElement, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      observer.disconnect();
      swap(false);
    });
  }
  // Visitors from a channel need its latest number on their next page. A visit whose address or
  // outside referrer could name a channel added since this page was built needs the latest table too;
  // other visits fetch nothing.
  if (!fromChannel && !couldNameChannel) return;
  addEventListener('load', () => {
    const idle = window.requestIdleCallback || ((fn: () => void) => setTimeout(fn, 1));
    idle(() => refreshStoredTable(storage, Date.now()));
  });
}

/** The functions the inline script carries, in the order they are written into it. */
export const inlineFunctions = [
  parseDetectionRules, channelMatches, detectChannel, readCookie, chooseChannel, isUsableChannel,
  usableChannel, usableChannels, readStoredTable, swapPhoneLinks, refreshStoredTable, runTrafficSource,
];

/** The classic inline `<script>` text for the page head: every function above, then the call. */
export function trafficSourceScript(config: TrafficSourceConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  // Indentation and comment lines go: safe because these functions hold no multi-line strings.
  const source = inlineFunctions.map(String).join('\n').split('\n').map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//')).join('\n');
  return `(function(){${source}\n${runTrafficSource.name}(${json})})()`;
}
