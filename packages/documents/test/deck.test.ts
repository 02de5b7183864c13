import { describe, expect, it } from 'vitest';
import { ooxmlParts, unescapeXml } from '../bench/ooxml.ts';
import { sampleDeck } from '../bench/sample-models.ts';
import { type Deck, DeckError, layoutDeckSlides, listDeckTemplates, renderDeck } from '../src/index.ts';

const SLIDE_CX = 12192000; // 13.333 in in EMU
const SLIDE_CY = 6858000; // 7.5 in

interface RenderedSlide {
  xml: string;
  text: string;
  /** runs' texts in order */
  runs: string[];
}

async function slidesOf(bytes: Buffer): Promise<RenderedSlide[]> {
  const parts = await ooxmlParts(bytes);
  const names = [...parts.keys()].filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
  names.sort((a, b) => Number(a.match(/\d+/)?.[0]) - Number(b.match(/\d+/)?.[0]));
  return names.map((name) => {
    const xml = parts.get(name) ?? '';
    const runs = [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => unescapeXml(m[1] ?? ''));
    return { xml, runs, text: runs.join('') };
  });
}

/** Every shape holding text and every table lies inside the slide. */
function outOfBounds(xml: string): string[] {
  const frames = [...xml.matchAll(/<p:sp>[\s\S]*?<\/p:sp>|<p:graphicFrame>[\s\S]*?<\/p:graphicFrame>/g)].map(
    (m) => m[0],
  );
  return frames
    .filter((f) => f.includes('<a:t>') || f.startsWith('<p:graphicFrame>'))
    .flatMap((f) => {
      const off = f.match(/<a:off x="(-?\d+)" y="(-?\d+)"\/>/);
      const ext = f.match(/<a:ext cx="(\d+)" cy="(\d+)"\/>/);
      if (!off || !ext) return ['no position'];
      const [x, y, cx, cy] = [off[1], off[2], ext[1], ext[2]].map(Number) as [number, number, number, number];
      const inside = x >= 0 && y >= 0 && x + cx <= SLIDE_CX && y + cy <= SLIDE_CY;
      return inside ? [] : [`${x},${y} ${cx}x${cy}: ${f.match(/<a:t>([^<]*)/)?.[1] ?? 'table'}`];
    });
}

/** Font sizes (pt) of all text runs. */
const runSizes = (xml: string) => [...xml.matchAll(/<a:rPr[^>]* sz="(\d+)"/g)].map((m) => Number(m[1]) / 100);

function isWellFormedSvg(svg: string): boolean {
  if (!svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"') || !svg.endsWith('</svg>')) return false;
  if (/&(?!(amp|lt|gt|quot|apos);)/.test(svg)) return false;
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    if (m[1]) {
      if (stack.pop() !== m[2]) return false;
    } else if (!m[3]) stack.push(m[2] ?? '');
  }
  return stack.length === 0;
}

const templates = listDeckTemplates();

describe('deck templates', () => {
  it('offers at least 6 distinct templates with palettes and SVG title-slide previews', () => {
    expect(templates.length).toBeGreaterThanOrEqual(6);
    expect(new Set(templates.map((t) => t.id)).size).toBe(templates.length);
    expect(new Set(templates.map((t) => t.name)).size).toBe(templates.length);
    expect(new Set(templates.map((t) => t.preview)).size).toBe(templates.length);
    for (const t of templates) {
      expect(t.name).toMatch(/[\u4e00-\u9fff]/);
      expect(t.description.length).toBeGreaterThan(5);
      for (const color of Object.values(t.colors)) expect(color).toMatch(/^[0-9A-F]{6}$/);
      expect(isWellFormedSvg(t.preview)).toBe(true);
      expect(t.preview).toContain('viewBox="0 0 1333.3 750"');
      expect(t.preview).toContain('毕业论文答辩');
    }
  });

  it.each(templates.map((t) => t.id))(
    '%s renders the sample deck: one slide per model slide, text inside the slide',
    async (id) => {
      const deck = sampleDeck();
      const slides = await slidesOf(await renderDeck(deck, id));
      expect(slides).toHaveLength(deck.slides.length);
      expect(slides[0]?.text).toContain(deck.title);
      expect(slides[0]?.text).toContain('2026年5月');
      expect(slides[1]?.text).toContain('研究背景与意义');
      expect(slides[2]?.text).toMatch(/01|第一部分/);
      expect(slides[3]?.text).toContain('新部署的摄像头往往只有少量带标签样本');
      expect(slides[4]?.text).toContain('传统特征方法');
      expect(slides[4]?.text).toContain('依赖大规模标注数据');
      expect(slides[5]?.text).toContain('94.2%');
      expect(slides[6]?.text).toContain('本文方法');
      expect(slides[6]?.xml).toContain('<a:tbl>');
      expect(slides[7]?.text).toContain('胜过大量低质量的数据');
      expect(slides[8]?.text).toContain('谢谢');
      for (const s of slides) {
        expect(outOfBounds(s.xml)).toEqual([]);
        expect(s.xml).toMatch(/<a:ea typeface="(Microsoft YaHei|SimHei)"/);
      }
      // content slides carry a slide-number field
      expect(slides[3]?.xml).toContain('type="slidenum"');
    },
  );

  it('keeps speaker notes and rounds corners within what PowerPoint accepts', async () => {
    const parts = await ooxmlParts(await renderDeck(sampleDeck(), 'fresh-green'));
    const notes = [...parts.entries()]
      .filter(([name]) => name.startsWith('ppt/notesSlides/'))
      .map(([, xml]) => xml);
    expect(notes.some((xml) => xml.includes('这一页讲清楚三个痛点'))).toBe(true);
    const adjustments = [...parts.values()].flatMap((xml) =>
      [...xml.matchAll(/<a:gd name="adj" fmla="val (\d+)"\/>/g)].map((m) => Number(m[1])),
    );
    expect(adjustments.length).toBeGreaterThan(0);
    for (const adj of adjustments) expect(adj).toBeLessThanOrEqual(50000);
  });
});

describe('renderDeck fits and splits long content', () => {
  const id = 'academic-blue';

  it('spreads 200 bullets over continuation slides, in order, at a readable size', async () => {
    const bullets = Array.from({ length: 200 }, (_, i) => `要点 ${i + 1}：这是一条用于测试分页的要点内容`);
    const deck: Deck = { title: '长列表', slides: [{ kind: 'bullets', title: '全部要点', bullets }] };
    const plans = layoutDeckSlides(deck, id);
    const slides = await slidesOf(await renderDeck(deck, id));
    expect(slides.length).toBe(plans.length);
    expect(slides.length).toBeGreaterThan(10);
    expect(slides.length).toBeLessThan(40);
    expect(slides[0]?.text).toContain('全部要点');
    expect(slides[1]?.text).toContain('全部要点（续）');
    const all = slides.map((s) => s.text).join('\n');
    let at = -1;
    for (const b of bullets) {
      const next = all.indexOf(b, at + 1);
      expect(next, b).toBeGreaterThan(at);
      at = next;
    }
    for (const s of slides) {
      expect(outOfBounds(s.xml)).toEqual([]);
      expect(Math.min(...runSizes(s.xml).filter((pt) => pt > 11.5))).toBeGreaterThanOrEqual(16);
    }
  });

  it('two columns and two lists both stay inside the slide', async () => {
    const many = Array.from(
      { length: 30 },
      (_, i) => `第 ${i + 1} 项比较长的对比内容，用于检查双栏排版是否会溢出`,
    );
    const deck: Deck = {
      title: '双栏',
      slides: [
        { kind: 'bullets', title: '双栏流式', bullets: many, columns: 2 },
        {
          kind: 'bullets',
          title: '左右对比',
          bullets: many.slice(0, 20),
          right: many.slice(0, 5),
          leftTitle: '左',
          rightTitle: '右',
        },
      ],
    };
    const slides = await slidesOf(await renderDeck(deck, 'tech-purple'));
    expect(slides.length).toBeGreaterThan(2);
    for (const s of slides) expect(outOfBounds(s.xml)).toEqual([]);
    const all = slides.map((s) => s.text).join('');
    for (const b of many) expect(all).toContain(b);
  });

  it('a 10,000-character text and a 60-row table continue over slides without losing content', async () => {
    const sentence = '这是一段很长的说明文字，用来检查自动分页。';
    const text = sentence.repeat(Math.ceil(10_000 / sentence.length));
    const rows = Array.from({ length: 60 }, (_, i) => [
      `方法${i + 1}`,
      `${(80 + i / 10).toFixed(1)}`,
      '说明文字',
    ]);
    const deck: Deck = {
      title: '长内容',
      slides: [
        { kind: 'highlight', title: '长文本', text, figure: { value: '99%', label: '指标' } },
        { kind: 'table', title: '长表格', header: ['方法', '精度', '备注'], rows },
        { kind: 'bullets', title: '超长要点', bullets: [text] },
      ],
    };
    const slides = await slidesOf(await renderDeck(deck, 'china-red'));
    expect(slides.length).toBeGreaterThan(6);
    for (const s of slides) expect(outOfBounds(s.xml)).toEqual([]);
    const textSlides = slides.filter((s) => s.text.startsWith('长文本'));
    expect(textSlides.length).toBeGreaterThan(1);
    const body = textSlides.flatMap((s) => s.runs.slice(1).filter((r) => !/^(\d+|99%|指标)$/.test(r)));
    expect(body.join('')).toBe(text);
    const tableSlides = slides.filter((s) => s.xml.includes('<a:tbl>'));
    expect(tableSlides.length).toBeGreaterThan(1);
    for (const s of tableSlides)
      expect(s.runs.slice(0, 4)).toEqual([expect.stringMatching(/^长表格/), '方法', '精度', '备注']);
    const cells = tableSlides.flatMap((s) => s.runs.filter((r) => /^方法\d+$/.test(r)));
    expect(cells).toEqual(rows.map((r) => r[0]));
  });

  it('splits a long agenda and defaults what is missing', async () => {
    const items = Array.from({ length: 20 }, (_, i) => `章节 ${i + 1}`);
    const slides = await slidesOf(
      await renderDeck(
        { title: '', slides: [{ kind: 'title' }, { kind: 'agenda', items }, { kind: 'closing' }] },
        'minimal-white',
      ),
    );
    expect(slides).toHaveLength(4);
    expect(slides[0]?.text).toContain('未命名演示');
    expect(slides[1]?.text).toContain('章节 12');
    expect(slides[2]?.text).toContain('目录（续）');
    expect(slides[2]?.text).toContain('章节 20');
    expect(slides[3]?.text).toContain('谢谢');
    const empty = await slidesOf(await renderDeck({ title: '空', slides: [] }, 'fresh-green'));
    expect(empty).toHaveLength(1);
    const blanks = {
      title: '空内容',
      slides: [
        { kind: 'table', title: '空表', header: [], rows: [] },
        { kind: 'highlight', title: '空文本', text: '', figure: { value: '1', label: '' } },
        { kind: 'bullets', title: '空要点', bullets: ['', null, 42], right: [''] },
        { kind: 'agenda', items: [] },
      ],
    } as unknown as Deck;
    const blankSlides = await slidesOf(await renderDeck(blanks, 'business-gray'));
    expect(blankSlides).toHaveLength(4);
    expect(blankSlides[0]?.text).toContain('（无数据）');
  });

  it('rejects an unknown template or slide kind with a typed error', async () => {
    await expect(renderDeck(sampleDeck(), 'nope')).rejects.toMatchObject({
      name: 'DeckError',
      code: 'unknown_template',
    });
    const bad = { title: 'x', slides: [{ kind: 'chart' }] } as unknown as Deck;
    await expect(renderDeck(bad, 'academic-blue')).rejects.toBeInstanceOf(DeckError);
  });
});
