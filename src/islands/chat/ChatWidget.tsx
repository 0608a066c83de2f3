/** The chat island's root: the panel or the minimized bar, and the live region that announces replies. */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $announcement, $chatState, $focusRequest, closeChat, openChat } from './chat.store';
import { ChatIcon } from './ChatIcon';
import { ChatPanel } from './ChatPanel';

function MinimizedBar({ unread }: { unread: number }) {
  const expand = useRef<HTMLButtonElement>(null);
  const focus = useStore($focusRequest);
  useEffect(() => {
    if (focus?.target === 'minimized') expand.current?.focus();
  }, [focus]);
  return (
    <div className="fixed right-4 bottom-4 z-50 flex items-center rounded-full bg-brand-800 text-white shadow-xl ring-1 ring-black/10" data-chat-minimized>
      <button ref={expand} type="button" onClick={() => openChat({ moveFocus: true })} className="flex min-h-12 items-center gap-2 rounded-l-full py-2 pr-2 pl-4 font-semibold hover:bg-brand-900 focus-visible:outline-offset-4">
        <ChatIcon name="chat" />
        <span>Click to expand</span>
        {unread > 0 && (
          <span className="min-w-6 rounded-full bg-white px-1.5 text-center text-sm leading-6 font-bold text-brand-900" data-chat-new-count>
            {unread}<span className="sr-only"> new {unread === 1 ? 'message' : 'messages'}</span>
          </span>
        )}
      </button>
      <button type="button" onClick={closeChat} aria-label="Close chat" className="flex h-12 w-12 items-center justify-center rounded-r-full hover:bg-brand-900">
        <ChatIcon name="close" />
      </button>
    </div>
  );
}

export default function ChatWidget() {
  const { view, unread } = useStore($chatState, { keys: ['view', 'unread'] });
  const announcement = useStore($announcement);
  return (
    <>
      <div className="sr-only" aria-live="polite" aria-atomic="true" data-chat-announcer>{announcement}</div>
      {view === 'open' && <ChatPanel />}
      {view === 'minimized' && <MinimizedBar unread={unread} />}
    </>
  );
}
