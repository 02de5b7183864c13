import { describe, expect, it } from 'vitest';
import { sentSource, sourceBody } from './source.ts';

describe('paper source bodies', () => {
  const file = new File(['x'], '论文.docx');

  it('sends a counted file by its upload id, pasted text as text', () => {
    expect(sentSource({ file }, 'abcdefghijklmnop')).toEqual({ uploadId: 'abcdefghijklmnop' });
    expect(sentSource({ file }, null)).toEqual({ file });
    expect(sentSource({ text: '正文' }, 'abcdefghijklmnop')).toEqual({ text: '正文' });
  });

  it('builds JSON for text and upload ids, multipart for a file', () => {
    expect(sourceBody({ text: '正文' }, { title: '题目' })).toEqual({ title: '题目', text: '正文' });
    expect(sourceBody({ uploadId: 'abcdefghijklmnop' }, { addToLibrary: true })).toEqual({
      addToLibrary: true,
      uploadId: 'abcdefghijklmnop',
    });
    const form = sourceBody({ file }, { addToLibrary: false });
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get('addToLibrary')).toBe('false');
    expect(((form as FormData).get('file') as File).name).toBe('论文.docx');
  });
});
