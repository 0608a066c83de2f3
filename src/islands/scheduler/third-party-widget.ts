/**
 * Loading the third-party scheduling widget (SPEC §4): its script is added once, then polled
 * every 100 ms, up to 50 times (5 s), until it is ready to open. A script that fails to load
 * ends the wait at once.
 */
import type { SchedulerConfig } from './scheduler-config';

/** SPEC §9: scheduler load polling. */
export const widgetPollIntervalMs = 100;
export const widgetPollMaxTries = 50;

interface WidgetWindow {
  STWidgetManager?: (command: string) => void;
}

/** Ready when the widget's global command function exists (ServiceTitan's STWidgetManager). */
export function widgetReady(win: WidgetWindow = window as WidgetWindow): boolean {
  return typeof win.STWidgetManager === 'function';
}

/** Opens the widget; true when it accepted the command. */
export function openWidget(win: WidgetWindow = window as WidgetWindow): boolean {
  if (!widgetReady(win)) return false;
  win.STWidgetManager!('ws-open');
  return true;
}

/** Checks `isReady` now and every `intervalMs`, at most `maxTries` times; false when it never was or `failed()` says so. */
export function pollUntilReady(isReady: () => boolean, failed: () => boolean = () => false, intervalMs = widgetPollIntervalMs, maxTries = widgetPollMaxTries): Promise<boolean> {
  return new Promise((resolve) => {
    let tries = 0;
    const check = () => {
      if (isReady()) return resolve(true);
      tries++;
      if (tries >= maxTries || failed()) return resolve(false);
      setTimeout(check, intervalMs);
    };
    check();
  });
}

let loading: { failed: boolean } | undefined;

/** Adds the widget's script (once) and resolves whether the widget became ready within 5 s. */
export function loadWidget(config: SchedulerConfig): Promise<boolean> {
  if (!loading || loading.failed) {
    const state = { failed: false };
    loading = state;
    const script = document.createElement('script');
    script.src = config.src;
    script.async = true;
    if (config.apiKey) script.dataset.apiKey = config.apiKey;
    if (config.schedulerId) script.dataset.schedulerid = config.schedulerId;
    script.addEventListener('error', () => {
      state.failed = true;
      script.remove();
    });
    document.head.append(script);
  }
  const state = loading;
  return pollUntilReady(() => widgetReady(), () => state.failed);
}
