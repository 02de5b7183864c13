import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible chat completions server for tests (never the internet). Listens on
 * 127.0.0.1 on a free port; point the model layer at `baseUrl`.
 *
 *   const fake = await startFakeOpenAi();
 *   fake.script({ chunks: ['你好', '，世界'] });          // next request: two streamed pieces
 *   fake.script({ status: 429, headers: { 'retry-after-ms': '5' } }); // next: rate limited
 *   fake.script({ chunks: ['半句'], end: 'break' });     // next: the connection dies mid-answer
 *   fake.script({ chunks: ['一'], end: 'stall' });       // next: goes quiet until the client leaves
 *   fake.respond((req) => ({ chunks: [req.messages.at(-1)?.content ?? ''] })); // when nothing is scripted
 *
 * Every request is kept in `fake.requests`; `fake.closedEarly` counts streams the client closed.
 *
 * Legacy completions with echo + logprobs (the zero-shot AIGC score) answer from a script; without one they
 * answer 404, as a chat-only provider does:
 *   fake.logprobs((prompt) => ({ tokens: [...prompt], logprobs: [...], top: [[...], ...] }));
 * `fake.completionPrompts` lists the prompts asked for.
 */

export interface FakeRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream: boolean;
  includeUsage: boolean;
  maxTokens: number | null;
  authorization: string | null;
  body: Record<string, unknown>;
}

export interface FakeReply {
  /** HTTP status other than 200: answered with an OpenAI-style error body. */
  status?: number;
  /** The error's message (with `status`). */
  error?: string;
  headers?: Record<string, string>;
  /** Pieces of the answer, one chunk each. */
  chunks?: string[];
  /** Wait before the response headers. */
  headerDelayMs?: number;
  /** Wait before each chunk. */
  chunkDelayMs?: number;
  /** How the stream ends: `done` normally; `break` destroys the socket; `stall` sends nothing more; `cut` ends cleanly but without finish_reason or [DONE]. */
  end?: 'done' | 'break' | 'stall' | 'cut';
  finishReason?: string;
  /** Usage to report (when the client asks for it); default counts characters. `null` sends none. */
  usage?: { prompt: number; completion: number } | null;
}

/** Scripted prompt log-probabilities: per prompt token its log-probability and the top alternatives'. */
export interface FakeLogprobs {
  tokens: string[];
  logprobs: number[];
  top: number[][];
}

export interface FakeOpenAi {
  baseUrl: string;
  requests: FakeRequest[];
  /** Streams that the client closed before the server finished them. */
  closedEarly: number;
  /** Streams currently open. */
  open: number;
  script(...replies: FakeReply[]): void;
  respond(fn: (req: FakeRequest) => FakeReply): void;
  /** Answers /completions with echo from `fn` (null: 404, like a chat-only provider). */
  logprobs(fn: ((prompt: string) => FakeLogprobs) | null): void;
  completionPrompts: string[];
  reset(): void;
  close(): Promise<void>;
}

/** The server's model settings pointed at `fake` (retries 5 ms apart, not seconds), with `settings` on top. */
export function fakeModelEnv(
  fake: FakeOpenAi,
  settings: Record<string, string> = {},
): Record<string, string> {
  return { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', LLM_RETRY_BASE_MS: '5', ...settings };
}

const defaultResponder = (req: FakeRequest): FakeReply => {
  const last = req.messages.at(-1)?.content ?? '';
  return { chunks: ['收到：', last.slice(0, 50)] };
};

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const queue: FakeReply[] = [];
  let responder = defaultResponder;
  let logprobsScript: ((prompt: string) => FakeLogprobs) | null = null;
  const sockets = new Set<import('node:net').Socket>();
  let seq = 0;

  const state: FakeOpenAi = {
    baseUrl: '',
    requests: [],
    closedEarly: 0,
    open: 0,
    script: (...replies) => queue.push(...replies),
    respond: (fn) => {
      responder = fn;
    },
    logprobs: (fn) => {
      logprobsScript = fn;
    },
    completionPrompts: [],
    reset: () => {
      queue.length = 0;
      responder = defaultResponder;
      logprobsScript = null;
      state.completionPrompts.length = 0;
      state.requests.length = 0;
      state.closedEarly = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && url.pathname.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model' }] }));
    }
    if (req.method === 'POST' && url.pathname.endsWith('/v1/completions')) {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const body = JSON.parse(raw) as { prompt: string; model: string };
      state.completionPrompts.push(body.prompt);
      if (!logprobsScript) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
      }
      const s = logprobsScript(body.prompt);
      // echo: the prompt's tokens (the first without a log-probability), then one generated token
      const tokens = [...s.tokens, '。'];
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          id: `cmpl-fake-${++seq}`,
          object: 'text_completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            {
              index: 0,
              text: `${body.prompt}。`,
              finish_reason: 'length',
              logprobs: {
                tokens,
                token_logprobs: [null, ...s.logprobs.slice(1), -1],
                top_logprobs: [
                  null,
                  ...s.top.slice(1).map((alts) => Object.fromEntries(alts.map((lp, k) => [`t${k}`, lp]))),
                  { '。': -1 },
                ],
                text_offset: tokens.map((_, i) => i),
              },
            },
          ],
          usage: { prompt_tokens: s.tokens.length, completion_tokens: 1, total_tokens: s.tokens.length + 1 },
        }),
      );
    }
    if (req.method !== 'POST' || !url.pathname.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } }));
    }
    let raw = '';
    for await (const chunk of req) raw += chunk;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'bad json', type: 'invalid_request_error' } }));
    }
    const fr: FakeRequest = {
      model: String(body.model ?? ''),
      messages: (body.messages as FakeRequest['messages']) ?? [],
      stream: body.stream === true,
      includeUsage: (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true,
      maxTokens: typeof body.max_tokens === 'number' ? body.max_tokens : null,
      authorization: req.headers.authorization ?? null,
      body,
    };
    state.requests.push(fr);
    const reply = queue.shift() ?? responder(fr);
    if (reply.headerDelayMs) await sleep(reply.headerDelayMs);

    if (reply.status && reply.status !== 200) {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      return res.end(
        JSON.stringify({
          error: {
            message: reply.error ?? `fake error ${reply.status}`,
            type: 'fake_error',
            code: reply.status,
          },
        }),
      );
    }

    const id = `chatcmpl-fake-${++seq}`;
    const created = Math.floor(Date.now() / 1000);
    const chunks = reply.chunks ?? [];
    const text = chunks.join('');
    const promptChars = fr.messages.map((m) => m.content).join('').length;
    const usage =
      reply.usage === null
        ? null
        : {
            prompt_tokens: reply.usage?.prompt ?? promptChars,
            completion_tokens: reply.usage?.completion ?? text.length,
            total_tokens: (reply.usage?.prompt ?? promptChars) + (reply.usage?.completion ?? text.length),
          };

    if (!fr.stream) {
      for (const _ of chunks) if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
      res.writeHead(200, { 'content-type': 'application/json', ...reply.headers });
      return res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: fr.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: text },
              finish_reason: reply.finishReason ?? 'stop',
            },
          ],
          ...(usage ? { usage } : {}),
        }),
      );
    }

    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      ...reply.headers,
    });
    state.open++;
    let finished = false;
    res.on('close', () => {
      state.open--;
      if (!finished) state.closedEarly++;
    });
    const event = (data: unknown) =>
      res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      event({
        id,
        object: 'chat.completion.chunk',
        created,
        model: fr.model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      });

    chunk({ role: 'assistant', content: '' }, null);
    for (const piece of chunks) {
      if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
      if (res.destroyed) return;
      chunk({ content: piece }, null);
    }
    const end = reply.end ?? 'done';
    if (end === 'break') {
      finished = true;
      // Let what was written reach the client first: the break is mid-answer, not before it.
      await new Promise<void>((r) => res.write('', () => r()));
      await sleep(20);
      res.socket?.destroy();
      return;
    }
    if (end === 'stall') return; // the client's timeout or abort closes it
    if (end === 'cut') {
      finished = true;
      return res.end();
    }
    chunk({}, reply.finishReason ?? 'stop');
    if (fr.includeUsage && usage)
      event({ id, object: 'chat.completion.chunk', created, model: fr.model, choices: [], usage });
    event('[DONE]');
    finished = true;
    res.end();
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}
