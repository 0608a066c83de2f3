/**
 * Starts the chat island on first use: the launcher's page script imports this module dynamically,
 * so neither React nor the widget is downloaded until the visitor opens the chat (DESIGN §6).
 */
import { createRoot } from 'react-dom/client';
import { paintLauncher } from './chat-ui-state';
import { $chatState, $focusRequest, initChat, openChat } from './chat.store';
import ChatWidget from './ChatWidget';
import { unlockTone } from './tone';

export interface ChatController {
  /** Opens the panel from the launcher and moves focus into it. */
  open(): void;
}

export function mountChat(launcher: HTMLElement): ChatController {
  initChat();
  const host = document.createElement('div');
  host.dataset.chatWidget = '';
  document.body.append(host);
  createRoot(host).render(<ChatWidget />);
  $chatState.subscribe((state) => paintLauncher(launcher, state));
  $focusRequest.listen((request) => {
    if (request?.target === 'launcher') launcher.focus();
  });
  // A panel reopened on a new page has had no click yet: let the first one allow the tone.
  document.addEventListener('pointerdown', unlockTone, { once: true });
  document.addEventListener('keydown', unlockTone, { once: true });
  return {
    open() {
      unlockTone();
      openChat({ moveFocus: true });
    },
  };
}
