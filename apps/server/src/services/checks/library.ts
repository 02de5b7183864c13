import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  type LibraryDocument,
  LibraryDocumentInput,
  type LibraryImportResult,
  type LibraryStats,
  type Page,
  type PageQuery,
} from '@paperdesk/contracts';
import { billingCharCount, matchingCodes } from '@paperdesk/textkit';
import { type ShardAnswer, type ShardRequest, shardOf } from '@paperdesk/plagiarism';
import { titleKeys } from '@paperdesk/references';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import { nowIso } from '../../db/index.ts';
import { selectPage } from '../../db/paging.ts';
import type { LibraryDocumentsTable, LibraryOrigin } from '../../db/tables/checks.ts';
import { type Asker, type CheckThread, startCheckThread } from '../../compute/check-thread.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { CheckRunner } from '../../compute/check-engine.ts';

/**
 * The reference library (比对库).
 *
 * SQL holds every document (title, author, source, year, owner, text); it is the source of truth.
 * Each process keeps its own fingerprint index (typed arrays, see @paperdesk/plagiarism), built from
 * SQL on first use or opened from the folder `<DATA_DIR>/library/index` (segment files, texts read by
 * offset, a manifest swapped atomically), then caught up; saves only append new segments. The index
 * lives in the process's check thread (compute/check-thread.ts), which also runs the checks; this side
 * only remembers which ids the thread holds.
 *
 * Staying consistent across processes (PostgreSQL + several workers): before every check the
 * worker calls `sync()`, which asks SQL for (1) live document ids above its high-water mark minus a
 * window (ids of concurrent inserts can commit out of order; ids already indexed are skipped, so the
 * window only costs an index scan of ids) and (2) tombstones (`deleted_at`) newer than its last
 * sync minus a clock-skew margin. Both are idempotent. A document committed before a check starts
 * is therefore always in that check's index; the persisted file is only a start-up cache and is
 * never trusted beyond what the sync confirms.
 */

export interface LibraryDeps {
  db: Db;
  dataDir: string;
  /** Keep a copy of the index on disk (default true); tests switch it off or point it elsewhere. */
  persist?: boolean;
  log?: (msg: string) => void;
  /**
   * A shard worker's part of the library (LIBRARY_SHARDS > 1): only the documents `shardOf(id, count)` puts in
   * shard `index` are indexed, followed and saved (in `library/shard-<index>`); the database still holds all.
   */
  shard?: { index: number; count: number };
  /**
   * A process that runs checks over the shards (LIBRARY_SHARDS > 1, services/checks/sharded.ts): it holds no
   * library; its check thread asks the `shards` shards through `ask`.
   */
  overShards?: { shards: number; ask: Asker };
}

export interface AddOptions {
  origin: LibraryOrigin;
  ownerUserId?: number | null;
  checkRecordId?: number | null;
  /**
   * Most documents of this origin the owner may keep (the 自建库 cap): counted inside the insert's transaction,
   * with the owner's row locked, so concurrent uploads cannot pass it together.
   */
  maxOwned?: number;
}

/** Ids of concurrent inserts may commit out of order: re-read this many ids below the high-water mark. */
const ID_WINDOW = 1000;
/** Tombstones are read again this far back (clock skew between processes). */
const TOMBSTONE_MARGIN_MS = 10 * 60_000;
const BATCH = 500;
/** Rows per INSERT statement (11 parameters each: well under SQLite's and PostgreSQL's limits). */
const INSERT_CHUNK = 200;
const SAVE_DELAY_MS = 30_000;

/** The index as the check job sees it: its documents, and checks run against it. */
export interface LibraryIndex extends CheckRunner {
  readonly size: number;
  has(id: string): boolean;
}

export const ownerKeyOf = (userId: number) => `user:${userId}`;

/** The shared library and each 自建库 de-duplicate separately (a personal copy never blocks a shared import). */
const dedupScopeOf = (opts: AddOptions) =>
  opts.origin === 'personal' && opts.ownerUserId ? ownerKeyOf(opts.ownerUserId) : 'shared';

/** A text's identity for de-duplication: the hash of its matching codes (`matchingCodes`, read once by the caller). */
function contentHash(codes: Uint16Array): string {
  return createHash('sha256')
    .update(Buffer.from(codes.buffer, codes.byteOffset, codes.byteLength))
    .digest('hex');
}

/** The columns the fingerprint index is built from. */
type Row = Pick<
  Selectable<LibraryDocumentsTable>,
  'id' | 'title' | 'author' | 'source' | 'year' | 'ownerUserId' | 'origin' | 'text'
>;

function toIndexDoc(r: Row) {
  return {
    id: String(r.id),
    title: r.title,
    author: r.author,
    source: r.source,
    ...(r.year !== null ? { year: r.year } : {}),
    ...(r.ownerUserId !== null ? { ownerKey: ownerKeyOf(r.ownerUserId) } : {}),
    ...(r.origin === 'personal' ? { private: true } : {}),
    text: r.text,
  };
}

export function createLibrary(deps: LibraryDeps) {
  const { db } = deps;
  const persist = deps.persist ?? true;
  const dir = path.join(deps.dataDir, 'library');
  const { shard } = deps;
  const folder = path.join(dir, shard ? `shard-${shard.index}` : 'index');
  const metaFile = path.join(dir, shard ? `shard-${shard.index}.json` : 'index.json');
  /** Whether a document belongs to this process's index: all of them, or this shard's part. */
  const mine = shard ? (id: number) => shardOf(String(id), shard.count) === shard.index : () => true;
  /** What the index is doing now (a shard worker's heartbeat says it). */
  let state: 'idle' | 'loading' | 'building' | 'ready' = 'idle';
  const log = deps.log ?? (() => {});
  const name = shard ? `比对库分片 ${shard.index}/${shard.count} 的索引` : '比对库索引';

  let thread: CheckThread | null = null;
  /** The check thread of a process checking over the shards (holds no index). */
  let coordinator: CheckThread | null = null;
  /** Ids of the documents in the thread's index; null until it is ready. */
  let indexed: Set<number> | null = null;
  let maxSeenId = 0;
  let tombstonesSince = '1970-01-01T00:00:00.000Z';
  let dirty = false;
  let saveTimer: NodeJS.Timeout | null = null;
  let loading: Promise<LibraryIndex> | null = null;
  // Index mutations run one at a time (sync, add, remove, save).
  let chain: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn);
    chain = next.catch(() => {});
    return next;
  };

  /** Notes rows handed to the thread as indexed. */
  function remember(ids: Set<number>, rows: Row[]): void {
    for (const r of rows) {
      ids.add(r.id);
      maxSeenId = Math.max(maxSeenId, r.id);
    }
  }

  /** Hands rows to the thread in batches; the next batch is read from SQL while the thread indexes one. */
  async function indexRows(
    t: CheckThread,
    ids: Set<number>,
    nextBatch: () => Promise<Row[]>,
  ): Promise<number> {
    let added = 0;
    let indexing: Promise<void> = Promise.resolve();
    for (;;) {
      const rows = await nextBatch();
      await indexing;
      if (rows.length === 0) return added;
      indexing = t.add(rows.map(toIndexDoc));
      remember(ids, rows);
      added += rows.length;
    }
  }

  const selectRows = () =>
    db
      .selectFrom('libraryDocuments')
      .select(['id', 'title', 'author', 'source', 'year', 'ownerUserId', 'origin', 'text'])
      .where('deletedAt', 'is', null);

  function addRowsToIndex(t: CheckThread, ids: Set<number>, wanted: number[]): Promise<number> {
    let at = 0;
    return indexRows(t, ids, async () => {
      const batch = wanted.slice(at, at + BATCH);
      at += BATCH;
      return batch.length ? selectRows().where('id', 'in', batch).execute() : [];
    });
  }

  async function buildFromDb(t: CheckThread, ids: Set<number>): Promise<number> {
    if (shard) {
      // the shard's part by id (ids only, then its rows in batches): no shard reads the others' texts
      const live = await db
        .selectFrom('libraryDocuments')
        .select('id')
        .where('deletedAt', 'is', null)
        .orderBy('id')
        .execute();
      return addRowsToIndex(t, ids, live.map((r) => r.id).filter(mine));
    }
    let cursor = 0;
    return indexRows(t, ids, async () => {
      const rows = await selectRows().where('id', '>', cursor).orderBy('id').limit(BATCH).execute();
      cursor = rows.at(-1)?.id ?? cursor;
      return rows;
    });
  }

  function view(t: CheckThread, ids: Set<number>): LibraryIndex {
    return {
      get size() {
        return ids.size;
      },
      has: (id) => ids.has(Number(id)),
      check: (request, control) => t.check(request, control),
    };
  }

  async function load(): Promise<LibraryIndex> {
    const started = Date.now();
    const t = startCheckThread({
      ...(shard ? { role: { kind: 'shard', shard: shard.index, shards: shard.count } } : {}),
      onExit: (err) => {
        // the index went with the thread: the next check loads it again
        log(`${err.message}，比对库索引将在下次检测时重新载入`);
        if (thread !== t) return;
        thread = null;
        indexed = null;
        state = 'idle';
      },
    });
    thread = t;
    if (persist && fs.existsSync(path.join(folder, 'manifest.json')) && fs.existsSync(metaFile)) {
      state = 'loading';
      try {
        const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as {
          maxSeenId: number;
          tombstonesSince: string;
        };
        const ids = new Set(await t.load(folder));
        maxSeenId = meta.maxSeenId;
        tombstonesSince = meta.tombstonesSince;
        indexed = ids;
        await syncInto(t, ids);
        const disagreement = await differsFromDb(ids);
        if (disagreement) throw new Error(disagreement);
        log(`${name}已从文件载入：${ids.size} 篇（${Date.now() - started} ms）`);
        state = 'ready';
        return view(t, ids);
      } catch (err) {
        indexed = null;
        log(`${name}文件无法使用，改为从数据库重建：${err instanceof Error ? err.message : String(err)}`);
        await t.reset();
      }
    }
    state = 'building';
    tombstonesSince = nowIso();
    const ids = new Set<number>();
    maxSeenId = 0;
    await buildFromDb(t, ids);
    indexed = ids;
    state = 'ready';
    log(`${name}已从数据库建立：${ids.size} 篇（${Date.now() - started} ms）`);
    if (persist && ids.size > 0) {
      dirty = true;
      scheduleSave(0);
    }
    return view(t, ids);
  }

  /**
   * Why a loaded index file does not hold exactly the live documents, or null when it does. A file can fall
   * behind or run ahead of the database (a cut-off save, a database restored from a backup, a file copied from
   * elsewhere) beyond what the id window of `sync` can see; such a file is then rebuilt from the database.
   */
  async function differsFromDb(ids: Set<number>): Promise<string | null> {
    const live = await db
      .selectFrom('libraryDocuments')
      .select('id')
      .where('deletedAt', 'is', null)
      .execute();
    // above maxSeenId: inserted by another process since the sync, not a fault of the file
    const missing = live.filter((r) => r.id <= maxSeenId && mine(r.id) && !ids.has(r.id)).length;
    const liveIds = new Set(live.map((r) => r.id));
    const extra = [...ids].filter((id) => !liveIds.has(id)).length;
    return missing || extra ? `索引与数据库不一致（缺 ${missing} 篇，多 ${extra} 篇）` : null;
  }

  /** The index, built or loaded (in the check thread) on first use. */
  function ensureReady(): Promise<LibraryIndex> {
    if (deps.overShards)
      return Promise.reject(new Error('比对库已分片（LIBRARY_SHARDS > 1）：本进程不持有比对库'));
    if (thread && indexed) return Promise.resolve(view(thread, indexed));
    loading ??= exclusive(load).finally(() => {
      loading = null;
    });
    return loading;
  }

  async function syncInto(t: CheckThread, ids: Set<number>): Promise<{ added: number; removed: number }> {
    const startedAt = nowIso();
    const candidates = await db
      .selectFrom('libraryDocuments')
      .select('id')
      .where('deletedAt', 'is', null)
      .where('id', '>', Math.max(0, maxSeenId - ID_WINDOW))
      .orderBy('id')
      .execute();
    const missing = candidates.map((r) => r.id).filter((id) => mine(id) && !ids.has(id));
    const added = missing.length ? await addRowsToIndex(t, ids, missing) : 0;
    const since = new Date(Date.parse(tombstonesSince) - TOMBSTONE_MARGIN_MS).toISOString();
    const gone = await db
      .selectFrom('libraryDocuments')
      .select('id')
      .where('deletedAt', 'is not', null)
      .where('deletedAt', '>=', since)
      .execute();
    const removed = gone.filter((g) => ids.delete(g.id)).map((g) => String(g.id));
    if (removed.length) await t.remove(removed);
    tombstonesSince = startedAt;
    if (added || removed.length) {
      dirty = true;
      scheduleSave();
    }
    return { added, removed: removed.length };
  }

  function scheduleSave(delay = SAVE_DELAY_MS) {
    if (!persist || saveTimer) return;
    saveTimer = setTimeout(() => {
      saveTimer = null;
      void save().catch((err) =>
        log(`比对库索引保存失败：${err instanceof Error ? err.message : String(err)}`),
      );
    }, delay);
    saveTimer.unref();
  }

  async function save(): Promise<void> {
    await exclusive(async () => {
      if (!persist || !thread || !indexed || !dirty) return;
      fs.mkdirSync(dir, { recursive: true });
      // the thread writes new segment files and swaps the manifest; nothing is rewritten on this event loop
      await thread.save(folder);
      const metaTmp = `${metaFile}.${process.pid}.tmp`;
      fs.writeFileSync(
        metaTmp,
        JSON.stringify({ maxSeenId, tombstonesSince, documents: indexed.size, savedAt: nowIso() }),
      );
      fs.renameSync(metaTmp, metaFile);
      dirty = false;
    });
  }

  return {
    ensureReady,

    /** Whether this process keeps an index (false when checks run over the shards). */
    holdsIndex: !deps.overShards,

    /** What a check runs on: this process's index, or (LIBRARY_SHARDS > 1) a check thread asking the shards. */
    async runner(): Promise<CheckRunner> {
      const over = deps.overShards;
      if (!over) return ensureReady();
      if (!coordinator) {
        const t = startCheckThread({
          role: { kind: 'coordinator', shards: over.shards },
          ask: over.ask,
          onExit: (err) => {
            log(`${err.message}，下次检测时重启`);
            if (coordinator === t) coordinator = null;
          },
        });
        coordinator = t;
      }
      return coordinator;
    },

    /**
     * At start: open a saved index file now (checked against the database, rebuilt when they disagree) rather
     * than at the first check; nothing when there is none.
     */
    async loadSavedIndex(): Promise<void> {
      if (deps.overShards) return;
      if (persist && fs.existsSync(path.join(folder, 'manifest.json'))) await ensureReady();
    },

    /** Catch the in-memory index up with SQL (new documents, deletions by any process). */
    async sync(): Promise<{ added: number; removed: number }> {
      // each shard catches up with SQL when a check's first request reaches it
      if (deps.overShards) return { added: 0, removed: 0 };
      await ensureReady();
      return exclusive(async () =>
        thread && indexed ? syncInto(thread, indexed) : { added: 0, removed: 0 },
      );
    },

    /**
     * Store documents (skipping texts already in the library) and index them in this process.
     * Other processes pick them up on their next sync.
     */
    async add(inputs: LibraryDocumentInput[], opts: AddOptions): Promise<LibraryImportResult> {
      const docs = inputs.map((d) => LibraryDocumentInput.parse(d));
      const rows = docs.map((d) => {
        const text = d.text.trim();
        const { codes } = matchingCodes(text, false);
        if (codes.length < 20) throw badRequest(`「${d.title}」正文过短，无法入库`);
        const keys = titleKeys(d.title);
        return {
          title: d.title,
          titleKey: keys.full,
          mainTitleKey: keys.main,
          author: d.author,
          source: d.source,
          year: d.year ?? null,
          ownerUserId: opts.ownerUserId ?? null,
          origin: opts.origin,
          text,
          characters: billingCharCount(text),
          contentHash: contentHash(codes),
          dedupScope: dedupScopeOf(opts),
          checkRecordId: opts.checkRecordId ?? null,
          createdAt: nowIso(),
        };
      });
      const added: Row[] = [];
      // one transaction: a batch is stored whole or not at all; rows go in multi-row INSERTs (a round trip
      // per chunk, not per document); a text already in the same scope is not inserted and comes back as no id
      await db.transaction().execute(async (trx) => {
        if (opts.maxOwned !== undefined && opts.ownerUserId) {
          const owner = opts.ownerUserId;
          // a no-op write on the owner's row: PostgreSQL holds its lock to the commit, so the count below and the
          // insert are one step per owner (SQLite runs one write transaction at a time anyway)
          await trx
            .updateTable('users')
            .set((eb) => ({ id: eb.ref('id') }))
            .where('id', '=', owner)
            .execute();
          const { n } = await trx
            .selectFrom('libraryDocuments')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('ownerUserId', '=', owner)
            .where('origin', '=', opts.origin)
            .where('deletedAt', 'is', null)
            .executeTakeFirstOrThrow();
          if (Number(n) + rows.length > opts.maxOwned)
            throw badRequest(`自建库最多 ${opts.maxOwned} 篇，已有 ${Number(n)} 篇`);
        }
        for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
          const chunk = rows.slice(at, at + INSERT_CHUNK);
          const inserted = await trx
            .insertInto('libraryDocuments')
            .values(chunk)
            .onConflict((oc) =>
              oc.columns(['dedupScope', 'contentHash']).where('deletedAt', 'is', null).doNothing(),
            )
            .returning(['id', 'contentHash'])
            .execute();
          // a text twice in one chunk is inserted once, as its first copy
          const byHash = new Map(chunk.map((r) => [r.contentHash, r] as const).reverse());
          for (const r of inserted) added.push({ ...byHash.get(r.contentHash)!, id: r.id });
        }
      });
      const ids = added.map((r) => r.id);
      const ours = added.filter((r) => mine(r.id));
      if (thread && indexed && ours.length) {
        const [t, known] = [thread, indexed];
        // the rows just written go to the thread as they are, not read back from SQL
        await exclusive(async () => {
          await t.add(ours.map(toIndexDoc));
          remember(known, ours);
          dirty = true;
          scheduleSave();
        });
      }
      return { added: ids.length, skipped: rows.length - ids.length, ids };
    },

    /** Soft delete: the row stays as a tombstone so every process drops it from its index. */
    /** With `ownerUserId`, only that user's 自建库 document may go. */
    async remove(id: number, ownerUserId?: number): Promise<void> {
      let q = db
        .updateTable('libraryDocuments')
        .set({ deletedAt: nowIso() })
        .where('id', '=', id)
        .where('deletedAt', 'is', null);
      if (ownerUserId) q = q.where('ownerUserId', '=', ownerUserId).where('origin', '=', 'personal');
      const r = await q.executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw notFound('文献不存在');
      if (thread && indexed) {
        const [t, known] = [thread, indexed];
        await exclusive(async () => {
          if (!known.delete(id)) return;
          await t.remove([String(id)]);
          dirty = true;
          scheduleSave();
        });
      }
    },

    /** The shared library, or with `ownerUserId` that user's 自建库. */
    async list(
      q: PageQuery,
      filter: { title?: string | undefined; ownerUserId?: number } = {},
    ): Promise<Page<LibraryDocument>> {
      let base = db
        .selectFrom('libraryDocuments')
        .where('deletedAt', 'is', null)
        .where('origin', filter.ownerUserId ? '=' : '!=', 'personal');
      if (filter.ownerUserId) base = base.where('ownerUserId', '=', filter.ownerUserId);
      if (filter.title) base = base.where('title', 'like', `%${filter.title.replace(/[%_\\]/g, '')}%`);
      return selectPage(
        base
          .select([
            'id',
            'title',
            'author',
            'source',
            'year',
            'characters',
            'ownerUserId',
            'origin',
            'createdAt',
          ])
          .orderBy('id', 'desc'),
        q,
        ({ id, ...r }) => ({ ...r, documentId: id, characters: Number(r.characters) }),
      );
    },

    /** The shared library's size, or with `ownerUserId` the size of that user's 自建库. */
    async stats(ownerUserId?: number): Promise<LibraryStats> {
      let q = db.selectFrom('libraryDocuments').where('deletedAt', 'is', null);
      q = ownerUserId
        ? q.where('origin', '=', 'personal').where('ownerUserId', '=', ownerUserId)
        : q.where('origin', '!=', 'personal');
      const row = await q
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('characters').as('chars')])
        .executeTakeFirstOrThrow();
      return {
        documents: Number(row.n),
        characters: Number(row.chars ?? 0),
        indexedDocuments: indexed?.size ?? 0,
      };
    },

    /** Source documents of a report, by id (deleted ones included: old reports keep their sources). */
    async documents(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('libraryDocuments')
        .select(['id', 'title', 'author', 'source', 'year', 'ownerUserId', 'origin'])
        .where('id', 'in', ids)
        .execute();
    },

    save,

    /** What the index is doing: not started, loading its folder, building from the database, or ready. */
    state: () => state,

    /** Documents and matching characters of the index as it is now (none until it is ready). */
    async indexStats(): Promise<{ documents: number; characters: number }> {
      const t = thread;
      return t && indexed ? t.stats() : { documents: 0, characters: 0 };
    },

    /**
     * A shard worker's answer to a sharded check's request. A check's first request (its seeds) catches the
     * shard up with SQL first, so a document committed before the check started is in it, as in one index.
     */
    async answerShard(request: ShardRequest): Promise<ShardAnswer> {
      await ensureReady();
      if (request.kind === 'seeds')
        await exclusive(async () => thread && indexed && syncInto(thread, indexed));
      const t = thread;
      if (!t) throw new Error(`${name}未就绪`);
      return t.shard(request);
    },

    async close(): Promise<void> {
      if (saveTimer) {
        clearTimeout(saveTimer);
        saveTimer = null;
      }
      await save().catch(() => {});
      const t = thread;
      thread = null;
      indexed = null;
      await t?.close();
      const c = coordinator;
      coordinator = null;
      await c?.close();
    },
  };
}

export type Library = ReturnType<typeof createLibrary>;
