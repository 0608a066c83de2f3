/**
 * The open chat panel (SPEC §2): a bottom sheet below 768 px, a 24rem × 600px panel at the bottom
 * right from 768 px. Assistant text is rendered as text; only plain site paths become links.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { smsHref } from '../../lib/phone';
import { shownPhones } from '../shared/phones';
import {
  $chatState, $conversation, $focusRequest, $handoff, $isMobile, clearChat, closeChat, endChat, giveFeedback,
  minimizeChat, sendQuickResponse, shownAustinPhone,
} from './chat.store';
import { ChatComposer } from './ChatComposer';
import { ChatIcon } from './ChatIcon';
import { handoffSmsText, linkifySitePaths, safeImageUrl, type ChatMessage } from './conversation';
import { RatingDialog } from './RatingDialog';

const headerButton = 'flex h-11 w-11 items-center justify-center rounded-lg text-white hover:bg-white/15 focus-visible:outline-white';

function MessageText({ text, assistant }: { text: string; assistant: boolean }) {
  if (!assistant) return <p className="break-words whitespace-pre-line">{text}</p>;
  return (
    <p className="break-words whitespace-pre-line">
      {linkifySitePaths(text).map((part, i) => (part.kind === 'link'
        ? <a key={i} href={part.href} className="font-semibold text-brand-800 underline underline-offset-2">{part.text}</a>
        : part.text))}
    </p>
  );
}

function Message({ message, showFeedback }: { message: ChatMessage; showFeedback: boolean }) {
  const assistant = message.role === 'assistant';
  const image = safeImageUrl(message.imageUrl);
  return (
    <li className={assistant ? 'flex justify-start' : 'flex justify-end'} data-chat-message={message.role}>
      <div className={assistant ? 'max-w-[85%] rounded-2xl rounded-bl-sm bg-surface px-3.5 py-2.5 text-ink ring-1 ring-line' : 'max-w-[85%] rounded-2xl rounded-br-sm bg-brand-700 px-3.5 py-2.5 text-white'}>
        <span className="sr-only">{assistant ? 'AI said:' : 'You said:'} </span>
        {image && <img src={image} alt="The photo you sent" className="mb-2 max-h-48 rounded-lg" loading="lazy" />}
        <MessageText text={message.content} assistant={assistant} />
        {assistant && showFeedback && (
          <div className="mt-1.5 flex gap-1" role="group" aria-label="Was this answer helpful?">
            {(['positive', 'negative'] as const).map((feedback) => (
              <button
                key={feedback}
                type="button"
                aria-label={feedback === 'positive' ? 'Helpful' : 'Not helpful'}
                aria-pressed={message.feedback === feedback}
                onClick={() => void giveFeedback(message.id, feedback)}
                className="flex h-9 w-9 items-center justify-center rounded-md text-muted hover:bg-white aria-pressed:bg-brand-100 aria-pressed:text-brand-800"
              >
                <ChatIcon name="thumb" className={feedback === 'positive' ? 'h-4 w-4' : 'h-4 w-4 rotate-180'} filled={message.feedback === feedback} />
              </button>
            ))}
          </div>
        )}
      </div>
    </li>
  );
}

function HandoffCard() {
  const phones = shownPhones();
  const austin = phones?.austin ?? { display: shownAustinPhone(), tel: '' };
  const marbleFalls = phones?.['marble-falls'];
  return (
    <section className="rounded-xl border border-brand-200 bg-brand-50 p-4" aria-labelledby="chat-handoff-title" data-chat-handoff>
      <h3 id="chat-handoff-title" className="font-bold text-brand-900">Ready to Connect?</h3>
      <p className="mt-1 text-sm text-ink">Talk to our team directly. We answer emergencies around the clock.</p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <a href={smsHref(austin.display, handoffSmsText)} className="btn btn-outline px-3 text-sm" aria-label={`Text Us at ${austin.display}`}>
          <ChatIcon name="chat" className="h-4 w-4" />Text Us
        </a>
        <a href={austin.tel || `tel:${austin.display}`} className="btn btn-call px-3 text-sm" aria-label={`Call ${austin.display}`}>
          <ChatIcon name="phone" className="h-4 w-4" />Call
        </a>
      </div>
      {marbleFalls && (
        <p className="mt-2 text-sm text-ink">Marble Falls area: <a href={marbleFalls.tel} className="font-semibold text-brand-800 underline">{marbleFalls.display}</a></p>
      )}
    </section>
  );
}

export function ChatPanel() {
  const { sending, uploading, quickResponses, ratingOpen } = useStore($chatState, { keys: ['sending', 'uploading', 'quickResponses', 'ratingOpen'] });
  const conversation = useStore($conversation);
  const handoff = useStore($handoff);
  const isMobile = useStore($isMobile);
  const focus = useStore($focusRequest);
  const panel = useRef<HTMLElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const endButton = useRef<HTMLButtonElement>(null);
  const path = typeof location === 'undefined' ? '/' : location.pathname;

  useEffect(() => {
    if (focus?.target !== 'panel' || !panel.current) return;
    // On a phone, focusing the text box would cover half the sheet with the keyboard: focus the sheet.
    const target = isMobile ? panel.current : panel.current.querySelector<HTMLElement>('textarea');
    (target ?? panel.current).focus();
  }, [focus]);

  // Show the newest message from its first line (a long answer or the greeting is read from the top).
  useEffect(() => {
    const box = scroller.current;
    const last = box?.querySelector<HTMLElement>('ol > li:last-child');
    if (box) box.scrollTop = last ? Math.max(0, last.offsetTop - 12) : box.scrollHeight;
  }, [conversation.messages.length, sending, handoff]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && !ratingOpen && !event.defaultPrevented) {
      event.preventDefault();
      minimizeChat();
    }
  };

  const chips = isMobile ? quickResponses.slice(0, 3) : quickResponses;

  return (
    <section
      ref={panel}
      role="dialog"
      aria-modal="false"
      aria-labelledby="chat-title"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-chat-panel
      className="fixed inset-x-0 bottom-0 z-50 flex h-[calc(100dvh-2.5rem)] flex-col overflow-hidden rounded-t-2xl border border-line bg-white shadow-2xl focus:outline-none md:inset-x-auto md:right-4 md:bottom-4 md:h-[600px] md:max-h-[calc(100dvh-2rem)] md:w-[24rem] md:rounded-2xl"
    >
      <header className="flex items-center gap-3 bg-brand-800 py-2 pr-2 pl-4 text-white">
        <span className="hidden h-9 w-9 shrink-0 items-center justify-center rounded-full bg-white/15 md:flex" aria-hidden="true"><ChatIcon name="chat" /></span>
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <h2 id="chat-title" className="text-lg leading-tight font-bold">AI</h2>
            <span className="flex items-center gap-1.5 text-xs text-brand-50">
              <span className="h-2 w-2 shrink-0 rounded-full bg-green-400" aria-hidden="true" />Online
            </span>
          </div>
          {isMobile && <p className="truncate text-xs text-brand-100" data-chat-path><span className="sr-only">Current page: </span>{path}</p>}
        </div>
        {isMobile && (
          <button type="button" onClick={clearChat} aria-label="Clear chat" className={headerButton}><ChatIcon name="clear" /></button>
        )}
        <button type="button" onClick={() => minimizeChat()} aria-label="Minimize chat" className={headerButton}><ChatIcon name="minimize" /></button>
        <button type="button" onClick={closeChat} aria-label="Close chat" className={headerButton}><ChatIcon name="close" /></button>
      </header>

      <div ref={scroller} className="relative flex-1 space-y-3 overflow-y-auto overscroll-contain p-4">
        <ol className="space-y-3" aria-label="Messages">
          {conversation.messages.map((m) => <Message key={m.id} message={m} showFeedback={isMobile} />)}
        </ol>
        <div role="status" data-chat-typing>
          {(sending || uploading) && (
            <span className="inline-flex items-center gap-2 rounded-2xl rounded-bl-sm bg-surface px-3.5 py-2 text-sm text-muted ring-1 ring-line">
              <span className="flex gap-1" aria-hidden="true">
                {[0, 150, 300].map((delay) => <span key={delay} className="h-1.5 w-1.5 animate-bounce rounded-full bg-brand-600" style={{ animationDelay: `${delay}ms` }} />)}
              </span>
              {uploading ? 'Uploading image...' : isMobile ? 'Typing...' : 'Thinking...'}
            </span>
          )}
        </div>
        {handoff && <HandoffCard />}
        {chips.length > 0 && (
          <div className="flex flex-wrap gap-1.5" role="group" aria-label="Quick replies">
            {chips.map((q) => (
              <button
                key={q.label}
                type="button"
                disabled={sending}
                onClick={() => void sendQuickResponse(q)}
                className="flex min-h-8 items-center gap-1 rounded-full border border-brand-300 bg-white px-2.5 py-1 text-xs font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
              >
                <ChatIcon name={q.icon} className="h-3.5 w-3.5" />{q.label}
              </button>
            ))}
          </div>
        )}
      </div>

      <ChatComposer isMobile={isMobile} />
      <div className="flex justify-center border-t border-line py-1.5">
        <button ref={endButton} type="button" onClick={endChat} className="min-h-9 px-3 text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">End Chat</button>
      </div>
      <RatingDialog returnFocus={endButton} />
    </section>
  );
}
