/**
 * The chat launcher's page script: shows the button when the page has phone numbers (SPEC §5), and
 * on the first click imports the chat island. A panel left open on the previous page reopens.
 */
import { paintLauncher, readChatUi } from '../islands/chat/chat-ui-state';
import { shownPhones } from '../islands/shared/phones';
import type { ChatController } from '../islands/chat/mount';

function tabStorage(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

export function initChatLauncher(): void {
  const launcher = document.querySelector<HTMLButtonElement>('[data-chat-launcher]');
  if (!launcher || location.pathname.startsWith('/admin') || !shownPhones()) return;
  const ui = readChatUi(tabStorage());
  paintLauncher(launcher, ui);

  let chat: Promise<ChatController> | undefined;
  const load = (): Promise<ChatController> => {
    chat ??= import('../islands/chat/mount').then((m) => m.mountChat(launcher)).catch((error: unknown) => {
      chat = undefined;
      paintLauncher(launcher, { view: 'closed', unread: ui.unread });
      throw error;
    });
    return chat;
  };

  launcher.addEventListener('click', () => {
    launcher.setAttribute('aria-busy', 'true');
    load()
      .then((controller) => controller.open())
      .catch((error: unknown) => console.error('Chat: the chat could not load. Call or text us instead.', error))
      .finally(() => launcher.removeAttribute('aria-busy'));
  });
  if (ui.view !== 'closed') load().catch((error: unknown) => console.error('Chat: the chat could not reopen.', error));
}
