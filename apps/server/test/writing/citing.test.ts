import type { PaperContent, WritingRecord } from '@paperdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { credit, makeUser } from '../billing/helpers.ts';
import { adminToken, call, documentText, importLibrary, waitFor } from '../check/support.ts';
import type { FakeReply, FakeRequest } from '../fakes/openai-server.ts';
import { fakeModelEnv, startFakeOpenAi } from '../fakes/openai-server.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { docxText, draft, promptOf, taskOf, writer } from './support.ts';

const fake = await startFakeOpenAi();
afterAll(() => fake.close());
const API = '/api/base/paper_info_api';
const env = fakeModelEnv(fake, { LLM_TIMEOUT_MS: '5000' });

/** The library the drafts may cite: three records with authors, and one like the seed's (no author). */
const LIBRARY = [
  { title: '城市数字治理的协同机制', author: '王五, 李雷', source: '管理世界', year: 2020 },
  { title: '数字政府建设与公共服务协同', author: '赵六', source: '中国行政管理', year: 2021 },
  { title: '智慧城市治理中的数据共享', author: '钱七', source: '公共管理学报', year: 2019 },
  { title: '城市治理数字化转型的路径', author: '', source: 'CSL 中文科学文献 · 管理学', year: null },
];
const INVENTED = ['编造的城市治理文献', 'Smith', '（王五，2018）'];

/**
 * Scripted answers that invent references in every way a model does: a key it was not given, a plain
 * number, an author-year citation, and (every third draft) a reference list of its own at the end.
 */
function inventingWriter(draftNo: number) {
  return (req: FakeRequest): FakeReply => {
    if (taskOf(req) !== '撰写章节') return writer(req);
    const keys = [...promptOf(req).matchAll(/^\[(R\d+)\]/gm)].map((m) => m[1]);
    const given =
      keys.length > 0
        ? `已有研究讨论了协同机制[${keys[draftNo % keys.length]}]，并给出了路径[${keys.join(',')}]。`
        : '已有研究讨论了协同机制[1]。';
    const list =
      draftNo % 3 === 0
        ? '\n\n参考文献\n\n[1] 张三. 编造的城市治理文献[J]. 管理世界, 2020, 36(5): 1-12.'
        : '';
    return {
      chunks: [
        `${given}另有学者指出数据共享十分关键[R${keys.length + 3}]，也有研究[12]认为制度更重要（王五，2018）。另有研究(Smith et al., 2020)也有类似结论。${list}`,
      ],
    };
  };
}

describeEachDatabase(
  '论文写作 cites only records',
  (getCtx, dialect) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      const ctx = getCtx();
      app = await buildApp(ctx);
      await ctx.jobs.startWorkers();
    });
    afterAll(() => app?.close());

    const writeOne = async (draftNo: number) => {
      const ctx = getCtx();
      const u = await makeUser(ctx);
      await credit(ctx, u.id, 'balance', 5000);
      fake.reset();
      fake.respond(writer);
      const rec = (
        await call<WritingRecord>(app, 'POST', `${API}/query_paper_content`, {
          token: u.token,
          body: { type: 'outline', draft: draft() },
        })
      ).body.result;
      fake.respond(inventingWriter(draftNo));
      await call(app, 'POST', `${API}/paper_xueshu_submit`, {
        token: u.token,
        body: { id: rec.id, outline: rec.outline },
      });
      const done = await waitFor(
        async () => {
          const r = await call<WritingRecord>(app, 'POST', `${API}/load_by_id?id=${rec.id}`, {
            token: u.token,
          });
          return r.body.result.status === 'done' ? r.body.result : null;
        },
        20_000,
        '写作完成',
      );
      const paper = await call<PaperContent>(app, 'POST', `${API}/query_paper_content`, {
        token: u.token,
        body: { type: 'paper', id: rec.id },
      });
      const file = await app.inject({
        method: 'GET',
        url: `${API}/download?id=${rec.id}`,
        headers: { authorization: `Bearer ${u.token}` },
      });
      return { done, paper: paper.body.result, text: await docxText(file.rawPayload), xml: file.rawPayload };
    };

    it('with no records: no reference list, every citation becomes 【此处需引用】', async () => {
      const { paper, text, done } = await writeOne(1);
      expect(paper.references).toEqual([]);
      expect(text).toContain('【此处需引用】');
      expect(text).not.toMatch(/\[\d+\]|Smith|（王五，2018）|编造的城市治理文献/);
      expect(done.message).toMatch(/已移除 \d+ 处/);
    });

    it.skipIf(dialect === 'postgres')(
      'over 50 drafts scripted to invent references, the delivered .docx cites only library records',
      async () => {
        await importLibrary(
          app,
          await adminToken(getCtx()),
          LIBRARY.map((d, i) => ({ ...d, text: documentText(200 + i, 2, 4) })),
        );
        const titles = LIBRARY.map((d) => d.title);
        let outside = 0;
        let cited = 0;
        for (let n = 0; n < 50; n++) {
          const { paper, text } = await writeOne(n);
          const list = paper.references;
          expect(list.length).toBeGreaterThan(0);
          for (const entry of list) {
            if (!titles.some((t) => entry.includes(t))) outside++;
            // the seed-like record has no real author: its entry starts with its title
            if (entry.includes('城市治理数字化转型的路径'))
              expect(entry.startsWith('城市治理数字化转型的路径')).toBe(true);
          }
          const body = text.slice(0, text.lastIndexOf('参考文献'));
          for (const m of body.matchAll(/\[(\d+(?:[-,]\d+)*)\]/g)) {
            for (const part of (m[1] ?? '').split(/[,]/)) {
              const [a, b] = part.split('-').map(Number);
              for (let k = a ?? 0; k <= (b ?? a ?? 0); k++) {
                cited++;
                if (k < 1 || k > list.length) outside++;
              }
            }
          }
          for (const bad of INVENTED) if (text.includes(bad)) outside++;
          // numbered in order of first citation
          const firsts = [...body.matchAll(/\[(\d+)/g)].map((m) => Number(m[1]));
          const seen: number[] = [];
          for (const k of firsts) if (!seen.includes(k)) seen.push(k);
          expect(seen).toEqual([...seen].sort((x, y) => x - y));
        }
        console.log(`50 drafts: ${cited} citations in the .docx, ${outside} outside the record set`);
        expect(cited).toBeGreaterThan(50);
        expect(outside).toBe(0);
      },
      240_000,
    );
  },
  env,
);
