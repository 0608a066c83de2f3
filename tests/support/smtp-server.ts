/**
 * A local SMTP server for tests (the `smtp-server` package: the real protocol, on a loopback port).
 * It can refuse the first N messages with a temporary 451 reply, or every message, to exercise
 * the outbox's retries; accepted messages are kept raw for assertions.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The Subject header, unfolded and decoded when it is plain or RFC 2047 UTF-8. */
  subject: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** How many DATA commands were refused so far. */
  refused: number;
  /** Resolves when `count` messages have been accepted. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function decodeSubject(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    )
    .trim();
}

/**
 * Starts the server on 127.0.0.1 (an ephemeral port). `refuseFirst: Infinity` refuses everything;
 * `rejectRecipient` answers 550 (no such mailbox) to RCPT TO for the addresses it picks: a hard bounce.
 */
export async function startTestSmtpServer({ refuseFirst = 0, rejectRecipient }: { refuseFirst?: number; rejectRecipient?: (address: string) => boolean } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const state = { refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // No network here: a reverse DNS lookup of 127.0.0.1 would only wait for its timeout.
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      if (rejectRecipient?.(address.address)) {
        callback(Object.assign(new Error('5.1.1 No such mailbox here'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refused < refuseFirst) {
          state.refused++;
          const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: decodeSubject(raw),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refused() {
      return state.refused;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`The test SMTP server received ${received.length} of ${count} messages within ${timeoutMs} ms.`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
