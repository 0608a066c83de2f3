/**
 * A local stand-in for an OpenAI-compatible API: POST /v1/chat/completions answered in the real
 * chat-completions wire format, so the production `openai` SDK path is what the tests exercise.
 * Each test sets what the "model" says next and reads back what it was sent.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeReply {
  /** The assistant message content (a JSON string for a well-behaved model). */
  content?: string;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Answer with this HTTP status and an OpenAI-style error body instead. */
  status?: number;
}

export interface FakeOpenAi {
  baseURL: string;
  /** Bodies and headers of the requests received, oldest first. */
  requests: { body: any; authorization: string | undefined }[];
  next(reply: FakeReply): void;
  stop(): Promise<void>;
}

const readJson = (req: IncomingMessage) => new Promise<any>((resolve) => {
  let text = '';
  req.on('data', (chunk) => (text += chunk));
  req.on('end', () => resolve(text ? JSON.parse(text) : undefined));
});

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let reply: FakeReply = { content: '{}' };
  const requests: FakeOpenAi['requests'] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
        return;
      }
      const body = await readJson(req);
      requests.push({ body, authorization: req.headers.authorization });
      const current = reply;
      if (current.delayMs) await new Promise((r) => setTimeout(r, current.delayMs));
      if (res.destroyed) return;
      if (current.status && current.status !== 200) {
        res.writeHead(current.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Upstream failure', type: 'server_error', code: null } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body?.model ?? 'fake',
        choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content: current.content ?? '', refusal: null } }],
        usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
      }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    next(r) {
      reply = r;
    },
    stop: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
