/** The message box: Enter sends, Shift+Enter starts a new line; the image picker on phones (SPEC §2, §5). */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { $chatState, chooseImage, sendMessage } from './chat.store';
import { ChatIcon } from './ChatIcon';
import { canSend, messageMaxLength } from './conversation';

function ImagePreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <div className="mb-2 flex items-center gap-2 rounded-lg bg-surface p-2 text-sm" data-chat-image-preview>
      {url && <img src={url} alt="" className="h-12 w-12 rounded object-cover" />}
      <span className="min-w-0 flex-1 truncate">{file.name}</span>
      <button type="button" onClick={() => chooseImage(null)} aria-label="Remove image" className="flex h-9 w-9 items-center justify-center rounded-md hover:bg-white">
        <ChatIcon name="close" className="h-4 w-4" />
      </button>
    </div>
  );
}

export function ChatComposer({ isMobile }: { isMobile: boolean }) {
  const { sending, image, imageProblem } = useStore($chatState, { keys: ['sending', 'image', 'imageProblem'] });
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const hadFocus = useRef(false);
  const id = useId();
  const ready = canSend({ text, hasImage: image !== null, sending });

  // Disabling the box while sending drops its focus; give it back when the reply is in.
  useEffect(() => {
    if (!sending && hadFocus.current) {
      hadFocus.current = false;
      input.current?.focus();
    }
  }, [sending]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!ready) return;
    hadFocus.current = document.activeElement === input.current;
    const sent = text;
    setText('');
    void sendMessage(sent);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className="border-t border-line p-3" aria-label="Send a message">
      {image && <ImagePreview file={image} />}
      {imageProblem && <p role="alert" className="mb-2 text-sm font-semibold text-call-700">{imageProblem}</p>}
      <div className="flex items-end gap-2">
        {isMobile && (
          <>
            <button type="button" onClick={() => picker.current?.click()} disabled={sending} aria-label="Attach an image" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50 disabled:opacity-50">
              <ChatIcon name="image" />
            </button>
            <input
              ref={picker}
              type="file"
              accept="image/*"
              className="hidden"
              tabIndex={-1}
              aria-hidden="true"
              data-chat-image-input
              onChange={(event) => {
                chooseImage(event.currentTarget.files?.[0] ?? null);
                event.currentTarget.value = '';
              }}
            />
          </>
        )}
        <label htmlFor={`${id}-text`} className="sr-only">Type your message</label>
        <textarea
          ref={input}
          id={`${id}-text`}
          rows={1}
          value={text}
          maxLength={messageMaxLength}
          disabled={sending}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          placeholder="Type your message..."
          aria-describedby={`${id}-count`}
          className="max-h-32 min-h-11 flex-1 resize-none rounded-lg border border-line px-3 py-2.5 text-base leading-snug focus:border-brand-600 disabled:bg-surface"
        />
        <button type="submit" disabled={!ready} aria-label="Send message" className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-300">
          <ChatIcon name="send" />
        </button>
      </div>
      <p id={`${id}-count`} className={text.length >= messageMaxLength - 100 ? 'mt-1 text-right text-xs text-muted' : 'sr-only'}>
        {text.length}/{messageMaxLength} characters
      </p>
    </form>
  );
}
