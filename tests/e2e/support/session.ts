import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  type FakeOpenAi,
  type FakeReply,
  type FakeRequest,
  startFakeOpenAi,
} from '../../../apps/server/test/fakes/openai-server.ts';
import { launchBrowser } from './browser.ts';
import { registerUser, type RunningServer, sandboxBuy, startServer } from './server.ts';

/** A loaded machine may take two minutes to start the server; setting up the rest needs time too. */
const START_TIMEOUT_MS = 240_000;

/** What a page test of one feature needs: the real server, a signed-up user with money, Chromium. */
export interface Session {
  server: RunningServer;
  browser: Browser;
  token: string;
}

export interface ModelSession extends Session {
  /** The fake OpenAI-compatible model the server is configured with. */
  fake: FakeOpenAi;
}

interface SessionOptions {
  username: string;
  /** Put in the user's balance through the sandbox payment. */
  topUpFen: number;
  /** Runs on the started server before the user signs up (e.g. importing a library). */
  prepare?: (server: RunningServer) => Promise<void>;
}

/**
 * Starts the session before the tests of the enclosing describe and stops it after; its fields are filled once
 * `beforeAll` has run, so tests read them from the returned object.
 */
export function useSession(opts: SessionOptions): Session {
  const s = {} as Session;
  beforeAll(async () => {
    await open(s, opts, {});
  }, START_TIMEOUT_MS);
  afterAll(() => close(s));
  return s;
}

/** As `useSession`, with the server talking to a fake model (answering with `respond` when given). */
export function useModelSession(
  opts: SessionOptions & { respond?: (req: FakeRequest) => FakeReply },
): ModelSession {
  const s = {} as ModelSession;
  beforeAll(async () => {
    s.fake = await startFakeOpenAi();
    if (opts.respond) s.fake.respond(opts.respond);
    await open(s, opts, { LLM_BASE_URL: s.fake.baseUrl, LLM_MODEL: 'fake-model', LLM_API_KEY: 'sk-e2e' });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await close(s);
    await s.fake?.close();
  });
  return s;
}

async function open(s: Session, opts: SessionOptions, env: Record<string, string>): Promise<void> {
  s.server = await startServer(env);
  await opts.prepare?.(s.server);
  s.token = await registerUser(s.server, opts.username);
  await sandboxBuy(s.server, s.token, { topUpFen: opts.topUpFen });
  s.browser = await launchBrowser();
}

async function close(s: Session): Promise<void> {
  await s.browser?.close();
  await s.server?.stop();
}

/** Runs `use` against a second server with no model configured and a user signed up there, then stops it. */
export async function withServerWithoutModel(
  username: string,
  use: (server: RunningServer, token: string) => Promise<void>,
): Promise<void> {
  const bare = await startServer();
  try {
    await use(bare, await registerUser(bare, username));
  } finally {
    await bare.stop();
  }
}
