import { describe, expect, it } from 'vitest';
import { checkText, PlagiarismIndex } from '../src/index.ts';
import { randomText, rng } from './helpers.ts';

// Written for this test: a classmate's unpublished draft, and the same text reworded so that no 6 characters in
// a row survive (only the reworded stage can find it).
const DRAFT =
  '城市轨道交通客流预测是线网规划与运营组织的重要依据。本文构建了融合时空特征的图卷积神经网络模型，利用地铁刷卡数据刻画站点之间的客流关联。实验结果表明，该模型在高峰时段的预测误差明显低于传统时间序列方法。研究结论可为地铁运营部门制定发车间隔提供决策支持。';
const REWORDED =
  '轨道交通城市的客流量预测乃是线网之规划及运营的组织的关键依据。该文建立一种融合时空的特征之图卷积的神经网络的模型，借助地铁的刷卡之数据描绘站点相互的客流的关联。实验之结果显示，此模型于高峰的时段之预测的误差显著低于传统的时间的序列之方法。研究的结论能够给地铁的运营之部门确定发车的间隔给予决策的支持。';

const OWNER = 'user:1';
const OTHER = 'user:2';

function library(): PlagiarismIndex {
  const index = new PlagiarismIndex();
  const r = rng(9);
  for (let i = 0; i < 40; i++) index.add({ id: `noise-${i}`, title: `无关${i}`, text: randomText(r, 300) });
  index.add({ id: 'draft', title: '同学的未发表初稿', ownerKey: OWNER, private: true, text: DRAFT });
  return index;
}

describe("private (自建库) documents are usable only in their owner's checks", () => {
  // verbatim (exact stage), and reworded (the 专业版 sentence stages)
  const queries = { verbatim: DRAFT, reworded: REWORDED };

  for (const [name, query] of Object.entries(queries)) {
    it(`a ${name} copy: the owner's 专业版 check names the draft, another user's check never does`, () => {
      const index = library();
      const own = checkText(query, index, { ownerKey: OWNER });
      expect(own.matches.some((m) => m.docId === 'draft')).toBe(true);

      for (const options of [{ ownerKey: OTHER }, {}, { ownerKey: OTHER, paraphrase: false }]) {
        const other = checkText(query, index, options);
        expect(other.matches.filter((m) => m.docId === 'draft')).toEqual([]);
        expect(other.similarDocuments.filter((d) => d.docId === 'draft')).toEqual([]);
        expect(other.ratios.total).toBe(0);
        expect(JSON.stringify(other)).not.toContain('同学的未发表初稿');
      }
    });
  }
});
