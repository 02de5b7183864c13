import { describe, expect, it } from 'vitest';
import {
  cleanSectionText,
  flattenOutline,
  parseOutlineAnswer,
  stripNumbering,
} from '../../src/services/writing/outline.ts';

describe('reading model answers for the writing service', () => {
  it('takes the outline out of fences and chatter, strips typed numbering and caps the depth', () => {
    const answer = `好的，大纲如下：\n\`\`\`json\n${JSON.stringify({
      chapters: [
        {
          title: '第一章 绪论',
          brief: '背景',
          children: [
            { title: '1.1 研究背景', children: [{ title: '(1) 国内', children: [{ title: '太深' }] }] },
          ],
        },
        { title: '二、结论' },
      ],
    })}\n\`\`\`\n希望对你有帮助。`;
    const outline = parseOutlineAnswer(answer);
    expect(flattenOutline(outline).map((s) => `${s.path} ${s.heading}${s.leaf ? '' : '/'}`)).toEqual([
      '1 绪论/',
      '1.1 研究背景/',
      '1.1.1 国内',
      '2 结论',
    ]);
    expect(outline[1]?.brief).toBe('');
    expect(() => parseOutlineAnswer('第一章 绪论\n第二章 结论')).toThrow();
    expect(() => parseOutlineAnswer('{"chapters": []}')).toThrow();
  });

  it('keeps numbering that is part of a title', () => {
    expect(stripNumbering('5G 网络下的边缘计算')).toBe('5G 网络下的边缘计算');
    expect(stripNumbering('2020年以来的变化')).toBe('2020年以来的变化');
    expect(stripNumbering('第三章 研究设计')).toBe('研究设计');
    expect(stripNumbering('2.3. 数据来源')).toBe('数据来源');
    expect(stripNumbering('三、结论')).toBe('结论');
  });

  it('drops a repeated heading, Markdown and blank lines from a section', () => {
    const text = '## 1.2 研究意义\n\n**研究意义**：\n\n本研究具有理论意义。\n\n  \n其次，具有实践意义。';
    expect(cleanSectionText(text, '研究意义')).toEqual(['本研究具有理论意义。', '其次，具有实践意义。']);
    // a short opening sentence that mentions the heading is text, not a heading
    expect(cleanSectionText('本文结论如下：\n一是……', '结论')).toEqual(['本文结论如下：', '一是……']);
  });
});
