/**
 * The chat widget's view (closed, open, minimized) and unread count, kept per tab in sessionStorage
 * so the panel survives page navigations (DESIGN §7). Shared by the launcher's tiny page script and
 * the island, so it must stay free of React and zod: the launcher runs on every page before any use.
 */

export type ChatView = 'closed' | 'open' | 'minimized';

export interface ChatUi {
  view: ChatView;
  unread: number;
}

/** sessionStorage key of the widget's view and unread count. */
export const chatUiKey = 'chatbot_ui';

const views: readonly ChatView[] = ['closed', 'open', 'minimized'];
const closedUi: ChatUi = { view: 'closed', unread: 0 };

/** The stored view, or closed with nothing unread when storage is missing, blocked or corrupt. */
export function readChatUi(storage: Pick<Storage, 'getItem'> | undefined): ChatUi {
  try {
    const value: unknown = JSON.parse(storage?.getItem(chatUiKey) ?? 'null');
    if (typeof value !== 'object' || value === null) return closedUi;
    const { view, unread } = value as Record<string, unknown>;
    return {
      view: views.includes(view as ChatView) ? (view as ChatView) : 'closed',
      unread: typeof unread === 'number' && Number.isInteger(unread) && unread >= 0 && unread < 1000 ? unread : 0,
    };
  } catch {
    return closedUi;
  }
}

export function writeChatUi(storage: Pick<Storage, 'setItem'> | undefined, ui: ChatUi): void {
  try {
    storage?.setItem(chatUiKey, JSON.stringify({ view: ui.view, unread: ui.unread }));
  } catch {
    // Private mode or a full quota: the panel simply starts closed on the next page.
  }
}

/** "Open chat" with the unread count, for the launcher's accessible name. */
export function launcherLabel(unread: number): string {
  if (unread <= 0) return 'Open chat with our AI assistant';
  return `Open chat with our AI assistant, ${unread} new ${unread === 1 ? 'message' : 'messages'}`;
}

/** Shows the launcher only while the widget is closed, with its unread badge. */
export function paintLauncher(launcher: HTMLElement, ui: ChatUi): void {
  launcher.hidden = ui.view !== 'closed';
  launcher.setAttribute('aria-label', launcherLabel(ui.unread));
  const badge = launcher.querySelector<HTMLElement>('[data-chat-unread]');
  if (badge) {
    badge.hidden = ui.unread <= 0;
    badge.textContent = ui.unread > 99 ? '99+' : String(ui.unread);
  }
}
