import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer } from '../../../../tests/e2e/support/server.ts';

/** Distinct texts in the bundled seed (its 7,970 lines hold 24 duplicates). */
const SEED_DOCUMENTS = 7946;

/**
 * The first start imports the bundled seed in the background (`npm start`'s LIBRARY_SEED=auto). The server is
 * killed with SIGKILL at three points of that import — as soon as it has begun, part-way, and near its end —
 * and started again each time on the same DATA_DIR; the last start must finish the seed, whole and once.
 * Before issue 27 the seed only ran on an empty library, so a cut-off import stayed at 250 documents for good.
 */
describe('a first-start seed import cut off by kill -9', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paperdesk-seed-kill-'));
  let child: ChildProcess | null = null;
  afterAll(() => {
    child?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<ChildProcess> {
    const server = spawnServer(await freePort(), dataDir, { LIBRARY_SEED: 'auto' }, 'ignore');
    child = server;
    return server;
  }

  /** Reads the server's database beside it (WAL: a reader never blocks the writer). */
  function inDb<T>(read: (db: SQLite.Database) => T): T | null {
    const file = path.join(dataDir, 'paperdesk.db');
    if (!fs.existsSync(file)) return null;
    const db = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      return read(db);
    } catch {
      return null; // tables not migrated yet
    } finally {
      db.close();
    }
  }
  const documents = () =>
    inDb(
      (db) =>
        (
          db.prepare('select count(*) as n from library_documents where deleted_at is null').get() as {
            n: number;
          }
        ).n,
    ) ?? 0;
  const configValue = (key: string) =>
    inDb(
      (db) =>
        (db.prepare('select value from sys_config where key = ?').get(key) as { value: string } | undefined)
          ?.value,
    );

  async function until(what: string, ready: () => boolean, timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!ready()) {
      if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  async function killWhen(point: string, ready: () => boolean): Promise<number> {
    const server = await start();
    await until(point, ready);
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGKILL');
    await exited;
    const stored = documents();
    console.log(`seed killed ${point}: ${stored} of ${SEED_DOCUMENTS} documents stored`);
    return stored;
  }

  it('finishes the seed on the next start, whatever point it was killed at', async () => {
    const pending = () => {
      const v = configValue('library.seed.pending');
      return v !== null && v !== undefined && v !== 'null';
    };
    expect(await killWhen('as it began', pending)).toBeLessThan(SEED_DOCUMENTS);
    expect(await killWhen('part-way', () => documents() >= 2500)).toBeLessThan(SEED_DOCUMENTS);
    expect(await killWhen('near the end', () => documents() >= 6000)).toBeLessThan(SEED_DOCUMENTS);
    expect(configValue('library.seed') ?? 'null').toBe('null');

    const started = Date.now();
    const server = await start();
    await until('the seed finished', () => (configValue('library.seed') ?? 'null') !== 'null');
    console.log(`seed finished after the restarts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(documents()).toBe(SEED_DOCUMENTS);
    expect(pending()).toBe(false);
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    child = null;
  }, 300_000);
});
