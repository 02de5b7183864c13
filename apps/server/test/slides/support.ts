import type { FakeReply, FakeRequest } from '../fakes/openai-server.ts';

/**
 * Scripted model answers for the PPT prompts: an outline of three sections for `ppt.outline`, and for
 * `ppt.section` exactly as many slides as the prompt asks for, each carrying a marker naming its
 * section so tests can find the model's text in the .pptx.
 */
export function pptModel(req: FakeRequest): FakeReply {
  const prompt = req.messages[0]?.content ?? '';
  if (prompt.includes('请为下面的演示写大纲')) {
    const outline = {
      sections: [
        { title: '研究背景与意义', points: ['行业现状', '存在问题'] },
        { title: '研究方法', points: ['数据来源', '模型设计'] },
        { title: '结论与展望', points: ['主要结论'] },
      ],
    };
    return { chunks: ['```json\n', JSON.stringify(outline), '\n```'] };
  }
  const section = /- 本章：(.+)/.exec(prompt)?.[1]?.trim() ?? '未知章节';
  const count = Number(/本章写 (\d+) 页/.exec(prompt)?.[1] ?? 1);
  const slides = Array.from({ length: count }, (_, i) =>
    i % 2 === 0
      ? {
          type: 'bullets',
          title: `${section}·第${i + 1}页`,
          bullets: [`模型要点${section}甲${i}`, `模型要点${section}乙${i}`],
        }
      : {
          type: 'highlight',
          title: `${section}·第${i + 1}页`,
          text: `模型说明${section}${i}`,
          figure: { value: '三项', label: '关键发现' },
        },
  );
  return { chunks: [JSON.stringify({ slides })] };
}

export const BAD_JSON: FakeReply = { chunks: ['好的，下面是幻灯片内容：第一页讲背景，第二页讲方法。'] };
