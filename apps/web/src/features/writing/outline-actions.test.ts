import type { OutlineNode } from '@paperdesk/contracts';
import { describe, expect, it } from 'vitest';
import { outlineActions, outlineProblem } from './OutlineEditor.tsx';

const outline: OutlineNode[] = [
  {
    title: '绪论',
    brief: '',
    children: [
      { title: '背景', brief: '' },
      { title: '意义', brief: '' },
    ],
  },
  { title: '结论', brief: '' },
];
const titles = (o: OutlineNode[]): string[] =>
  o.flatMap((n) => [n.title, ...(n.children ? titles(n.children).map((t) => `${n.title}/${t}`) : [])]);

describe('outline editing', () => {
  it('edits, moves, adds and removes nodes at any depth without touching the input', () => {
    const edited = outlineActions.set(outline, [0, 1], { title: '研究意义' });
    expect(titles(edited)).toEqual(['绪论', '绪论/背景', '绪论/研究意义', '结论']);
    expect(titles(outline)).toEqual(['绪论', '绪论/背景', '绪论/意义', '结论']);
    expect(titles(outlineActions.move(outline, [0, 1], -1))).toEqual([
      '绪论',
      '绪论/意义',
      '绪论/背景',
      '结论',
    ]);
    expect(outlineActions.move(outline, [1], 1)).toEqual(outline);
    expect(titles(outlineActions.addChild(outline, [1]))).toEqual([
      '绪论',
      '绪论/背景',
      '绪论/意义',
      '结论',
      '结论/',
    ]);
    // removing the last child makes the chapter a leaf again (the job then writes it)
    const one = outlineActions.remove(outlineActions.remove(outline, [0, 0]), [0, 0]);
    expect(one[0]).toEqual({ title: '绪论', brief: '' });
    expect(outlineActions.addChapter(outline)).toHaveLength(3);
  });

  it('names what the server would refuse', () => {
    expect(outlineProblem([])).toBe('emptyOutline');
    expect(outlineProblem(outlineActions.addChild(outline, [1]))).toBe('emptyTitle');
    expect(outlineProblem(outline)).toBeNull();
  });
});
