/**
 * `npm run bench:api` (second part): does heavy work stall the API? Starts the real server process (embedded
 * jobs, fresh SQLite DATA_DIR), seeds the reference library with the 2,000 CSL benchmark abstracts, then runs a
 * 300,000-character 专业版 check and a 300,000-character AIGC detection one after the other while `/healthz` and
 * the user's 查重 list are each probed every 50 ms (at least 200 probes each); on SQLite, then (when a server
 * answers) on PostgreSQL. Prints p50/p99/max of both during each run (target p99 ≤ 50 ms) with the machine's
 * load average (the figures are only as quiet as the machine), the distinct progress values
 * the record showed (target > 2) and the server's resident memory.
 *
 * Reads ../shared/data (never copied into the repo); prints the reason and exits 0 when it is absent.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readHumanAbstracts } from '../../packages/textkit/bench/csl.ts';
import { registerUser, sandboxBuy, startServer } from '../e2e/support/server.ts';
import { onEachDatabase } from './api-databases.ts';

const root = path.resolve(import.meta.dirname, '../..');
const data = path.resolve(root, '../shared/data');
const main = path.join(root, 'apps/server/src/main.ts');
const TARGET_CHARS = 299_000;
const POLL_MS = 50;
const IDLE_MS = 3000;
/** Each probe's figures come from at least this many requests. */
const MIN_PROBES = 200;

interface Abstract {
  title: string;
  text: string;
}

function cslAbstracts(): Abstract[] {
  const out: Abstract[] = [];
  for (const f of ['ts_dev.tsv', 'ts_test.tsv']) {
    for (const line of fs.readFileSync(path.join(data, 'csl-benchmark-sample', f), 'utf8').split('\n')) {
      const [, text, title] = line.split('\t');
      if (text && title && text.trim().length >= 40) out.push({ title: title.trim(), text: text.trim() });
    }
  }
  return out;
}

function humanAbstracts(): Abstract[] {
  return readHumanAbstracts(data).map((e) => ({ title: e.title, text: e.abstract.trim() }));
}

/**
 * A thesis-sized paper: chapters of paragraphs; every fourth paragraph is a library abstract copied verbatim,
 * every fourth one the same with a few words swapped, the rest abstracts that are not in the library.
 */
function paper(library: Abstract[], other: Abstract[]): string {
  const lines: string[] = [];
  let chars = 0;
  let lib = 0;
  let own = 0;
  for (let i = 0; chars < TARGET_CHARS; i++) {
    if (i % 40 === 0) lines.push(`第${lines.length + 1}章 研究内容之${i / 40 + 1}`);
    const kind = i % 4;
    const text =
      kind === 0
        ? library[lib++ % library.length]!.text
        : kind === 1
          ? library[lib++ % library.length]!.text.replace(/研究/g, '探究').replace(/表明/g, '显示')
          : other[own++ % other.length]!.text;
    if (chars + text.length + 1 > TARGET_CHARS) break;
    lines.push(text);
    chars += text.length + 1;
  }
  return lines.join('\n');
}

/** Resident memory of a process in MB (Linux). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
}

type Envelope<T> = { code: number; message: string; result: T };

async function run(database: string, extraEnv: Record<string, string>) {
  const server = await startServer(extraEnv);
  const url = server.url;
  try {
    const api = async <T>(pathAndQuery: string, body?: unknown, token?: string): Promise<T> => {
      const r = await server.api<T>(pathAndQuery, { body, ...(token ? { token } : {}) });
      if (r.status !== 200) throw new Error(`${pathAndQuery}: ${r.status} ${r.body.message}`);
      return r.body.result;
    };

    execFileSync(
      process.execPath,
      ['--import', 'tsx', main, 'user:create', '--username', 'bench_admin', '--admin'],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATA_DIR: server.dataDir,
          ...extraEnv,
          PAPERDESK_PASSWORD: 'bench-admin-password',
        },
        stdio: 'ignore',
      },
    );
    const admin = (
      await api<{ access_token: string }>('/api/base/login_api/f/login', {
        username: 'bench_admin',
        password: 'bench-admin-password',
      })
    ).access_token;
    const library = cslAbstracts();
    for (let i = 0; i < library.length; i += 200) {
      await api(
        '/api/base/library_api/import',
        {
          documents: library.slice(i, i + 200).map((a) => ({ title: a.title, source: 'CSL', text: a.text })),
        },
        admin,
      );
    }
    const text = paper(library, humanAbstracts());
    const user = await registerUser(server, 'bench_user');
    await sandboxBuy(server, user, { topUpFen: 500_000 });
    console.log(
      `${database}: server pid ${server.pid}, library ${library.length} CSL abstracts, paper ${text.length.toLocaleString('en-US')} characters in ${text.split('\n').length} blocks; RSS after seeding ${rssMb(server.pid)} MB`,
    );

    /**
     * Probes /healthz and the signed-in user's 查重 list (`check_api/query_list`, a database read behind auth)
     * every 50 ms each while `load` says the record is not finished (or for IDLE_MS without one, at least
     * MIN_PROBES each), and collects the distinct progress values the record shows while running.
     */
    async function measure(label: string, load?: () => Promise<{ status: string; progress: number }>) {
      const probes = {
        '/healthz': { latencies: [] as number[], request: () => fetch(`${url}/healthz`) },
        list: {
          latencies: [] as number[],
          request: () =>
            fetch(`${url}/api/base/check_api/query_list?pageSize=10`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${user}` },
              body: '{}',
            }),
        },
      };
      const progress: number[] = [];
      let peakRss = 0;
      let status = load ? '' : 'idle';
      const started = performance.now();
      const timer = setInterval(() => {
        for (const probe of Object.values(probes)) {
          const t0 = performance.now();
          void probe.request().then(
            async (r) => {
              await r.arrayBuffer();
              probe.latencies.push(r.ok ? performance.now() - t0 : Number.POSITIVE_INFINITY);
            },
            () => probe.latencies.push(Number.POSITIVE_INFINITY),
          );
        }
        peakRss = Math.max(peakRss, rssMb(server.pid));
      }, POLL_MS);
      try {
        if (!load) await new Promise((r) => setTimeout(r, IDLE_MS));
        while (load && status !== 'done' && status !== 'failed') {
          const r = await load();
          status = r.status;
          if (r.status === 'running' && progress.at(-1) !== r.progress) progress.push(r.progress);
          if (performance.now() - started > 600_000) throw new Error(`${label}: not done in 10 minutes`);
          await new Promise((r) => setTimeout(r, 100));
        }
        // a run shorter than MIN_PROBES probes keeps probing the server it just left
        while (probes['/healthz'].latencies.length < MIN_PROBES)
          await new Promise((r) => setTimeout(r, POLL_MS));
      } finally {
        clearInterval(timer);
      }
      await new Promise((r) => setTimeout(r, 300)); // the last probes come back
      const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : 'failed');
      const figures = Object.entries(probes).map(([name, { latencies }]) => {
        const sorted = [...latencies].sort((a, b) => a - b);
        const at = (q: number) =>
          sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
        return `${name} ${sorted.length} probes p50 ${ms(at(0.5))} ms p99 ${ms(at(0.99))} ms max ${ms(sorted.at(-1) ?? Number.NaN)} ms`;
      });
      console.log(
        `${label.padEnd(22)} ${status}, ${((performance.now() - started) / 1000).toFixed(1)} s, load ${os.loadavg()[0]?.toFixed(1)}; every ${POLL_MS} ms: ${figures.join('; ')}${load ? ` (target p99 ≤ 50); progress seen ${progress.length} values [${progress.join(', ')}] (target > 2)` : ''}; peak RSS ${peakRss} MB`,
      );
    }

    await measure('idle (nothing running)');
    const check = await api<{ id: number }>(
      '/api/base/check_api/check_init',
      { title: '基准测试论文', author: '基准', edition: 'professional', text },
      user,
    );
    await api('/api/base/check_api/check_submit', { id: check.id }, user);
    await measure('300k 专业版 check', () =>
      api<{ status: string; progress: number }>(
        `/api/base/check_api/load_by_id?id=${check.id}`,
        undefined,
        user,
      ),
    );
    const report = await fetch(`${url}/api/base/check_api/report_paragraphs?id=${check.id}`, {
      headers: { authorization: `Bearer ${user}` },
    }).then(
      (r) =>
        r.json() as Promise<
          Envelope<{ elapsedMs: number; metrics: { totalRatio: number; sourceCount: number } }>
        >,
    );
    console.log(
      `  report: 总文字复制比 ${(report.result.metrics.totalRatio * 100).toFixed(1)}%, ${report.result.metrics.sourceCount} sources, ${report.result.elapsedMs} ms from start to report`,
    );

    const aigc = await api<{ id: number }>(
      '/api/base/paper_aigc_api/machine_init',
      { title: '基准测试论文', author: '基准', text },
      user,
    );
    await api(`/api/base/paper_aigc_api/submit_check?id=${aigc.id}`, undefined, user);
    await measure('300k AIGC detection', () =>
      api<{ status: string; progress: number }>(
        `/api/base/paper_aigc_api/load_by_id?id=${aigc.id}`,
        undefined,
        user,
      ),
    );
    console.log(`RSS at the end ${rssMb(server.pid)} MB`);
  } finally {
    await server.stop();
  }
}

if (!fs.existsSync(path.join(data, 'csl-benchmark-sample'))) {
  console.log(`api-loop: skipped, ${data} is absent`);
} else {
  await onEachDatabase(run);
}
