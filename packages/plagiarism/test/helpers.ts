/** Deterministic synthetic Chinese text for tests (no third-party text). */
/** Mulberry32, the seeded generator textkit's fuzz cases use (also the benchmark corpus and the server's check tests). */
export { seededRandom as rng } from '@paperdesk/textkit';

export const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

const POOL =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严';

export function randomText(r: () => number, chars: number, sentence = 18): string {
  let out = '';
  let inSentence = 0;
  const target = () => Math.max(6, Math.round(sentence * (0.6 + r() * 0.8)));
  let len = target();
  for (let i = 0; i < chars; i++) {
    out += POOL[Math.floor(r() * POOL.length)]!;
    inSentence++;
    if (inSentence >= len && i < chars - 1) {
      out += r() < 0.7 ? '，' : '。';
      inSentence = 0;
      len = target();
    }
  }
  return `${out}。`;
}

/**
 * Written for these tests: source passages and the same passages reworded so that no 6 characters in a row
 * survive (only the reworded stage can find them).
 */
export const REWORDINGS: ReadonlyArray<{ source: string; reworded: string }> = [
  {
    source:
      '城市轨道交通客流预测是线网规划与运营组织的重要依据。本文构建了融合时空特征的图卷积神经网络模型，利用地铁刷卡数据刻画站点之间的客流关联。实验结果表明，该模型在高峰时段的预测误差明显低于传统时间序列方法。研究结论可为地铁运营部门制定发车间隔提供决策支持。',
    reworded:
      '轨道交通城市的客流量预测乃是线网之规划及运营的组织的关键依据。该文建立一种融合时空的特征之图卷积的神经网络的模型，借助地铁的刷卡之数据描绘站点相互的客流的关联。实验之结果显示，此模型于高峰的时段之预测的误差显著低于传统的时间的序列之方法。研究的结论能够给地铁的运营之部门确定发车的间隔给予决策的支持。',
  },
  {
    source:
      '土壤重金属污染已成为制约农业可持续发展的突出问题。本研究在长江中游选取二十个典型农田样点，测定了镉、铅、砷三种元素的含量。结果显示镉的超标率最高，且与化肥施用量呈显著正相关。建议通过调整施肥结构和种植低积累作物来降低污染风险。',
    reworded:
      '重金属的土壤污染业已变成约束农业之持续发展的显著难题。该研究于长江的中游挑选二十处代表性的农田之样点，检测镉、铅、砷这三类元素之含量。结果表明镉之超标的比率最高，并且跟化肥的施用之量存在明显的正相关。提议借助改变施肥的结构以及栽种低积累的作物以减少污染之风险。',
  },
  {
    source:
      '高校图书馆的数字资源利用率长期偏低，读者往往不了解可获取的数据库。本文通过问卷调查了八所高校的一千二百名学生，分析了检索技能、宣传渠道与使用频次之间的关系。研究发现，定期开展嵌入课程的信息素养培训能够显著提高数据库的访问量。',
    reworded:
      '大学的图书馆之数字化资源使用的比率一直较低，读者常常不清楚能够获得的数据库。该文借助问卷的方式调研八所大学的一千二百位学生，剖析检索的技能、宣传之渠道跟使用的频次相互的关系。研究表明，按期举办融入课程之信息的素养培训可以明显提升数据库之访问的数量。',
  },
];
