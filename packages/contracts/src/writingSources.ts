import { z } from 'zod';
import { group } from './endpoint.ts';
import { IdQuery } from './paging.ts';

/**
 * 论文写作's sources for one paper: documents picked from the user's 自建库 and files uploaded for it (PDF/DOCX,
 * or reference-manager exports). The writing run retrieves each section's citable records from them first.
 */

/**
 * Files one paper may take, records kept from one file and from all of them, 自建库 documents one paper may pick:
 * enough for any thesis's reading, and a save's body stays within a few MB.
 */
export const WRITING_SOURCE_LIMITS = { files: 10, recordsPerFile: 300, records: 600, library: 50 } as const;
/** Names of the files a paper's sources may come from. */
export const WRITING_SOURCE_FILE_TYPES = ['.bib', '.ris', '.enw', '.xml', '.txt', '.docx', '.pdf'] as const;

const text = (max: number) => z.string().max(max).default('');

/** One citable record read from an uploaded file (an export's entry, or a PDF/DOCX as one work). */
export const WritingSourceRecord = z.object({
  title: z.string().trim().min(1).max(500),
  authors: z.array(z.string().max(100)).max(50).default([]),
  year: text(10),
  type: z.string().max(4).nullable().default(null).describe('GB/T 7714 文献类型标识'),
  container: text(300).describe('刊名、会议录或所在图书'),
  volume: text(30),
  issue: text(30),
  pages: text(40),
  place: text(100),
  publisher: text(200),
  doi: text(200),
  url: text(500),
  abstract: text(600).describe('摘要或正文开头：供检索各小节的相关文献'),
});
export type WritingSourceRecord = z.infer<typeof WritingSourceRecord>;

export const WritingSourceFile = z.object({
  name: z.string().trim().min(1).max(200),
  format: z.string().max(20).describe('BibTeX、RIS、EndNote XML、NoteExpress、知网导出、PDF、DOCX'),
  records: z.array(WritingSourceRecord).min(1).max(WRITING_SOURCE_LIMITS.recordsPerFile),
});
export type WritingSourceFile = z.infer<typeof WritingSourceFile>;

/** What the page holds before the paper exists; saved once the outline's record is there. */
export const WritingSourcesInput = z.object({
  id: z.number().int().positive().describe('写作记录 id（尚未提交写作）'),
  library: z.array(z.number().int().positive()).max(WRITING_SOURCE_LIMITS.library).default([]),
  files: z
    .array(WritingSourceFile)
    .max(WRITING_SOURCE_LIMITS.files)
    .default([])
    .refine(
      (files) => files.reduce((n, f) => n + f.records.length, 0) <= WRITING_SOURCE_LIMITS.records,
      `每篇论文的来源文件最多 ${WRITING_SOURCE_LIMITS.records} 条文献`,
    ),
});
export type WritingSourcesInput = z.input<typeof WritingSourcesInput>;

export const WritingSource = z.object({
  kind: z.enum(['library', 'file']),
  /** The 自建库 document's id; null for a file. */
  documentId: z.number().int().nullable(),
  name: z.string(),
  format: z.string(),
  /** The titles of its records (a 自建库 document is one). */
  titles: z.array(z.string()),
});
export type WritingSource = z.infer<typeof WritingSource>;

export const WritingSources = z.object({
  recordId: z.number().int(),
  sources: z.array(WritingSource),
  records: z.number().int().describe('可引用的文献条数'),
});
export type WritingSources = z.infer<typeof WritingSources>;

/** writing_source_api: a paper's own sources, added on the 论文写作 page before it is written. */
export const writingSourceEndpoints = group('/api/base/writing_source_api', {
  read_file: {
    upload: true,
    summary: `读取一个来源文件（multipart：file，${WRITING_SOURCE_FILE_TYPES.join('/')}）：导出文件逐条读出文献，PDF/DOCX 作为一篇文献（题名取自首行）；在计算线程中解析，不保存`,
    result: WritingSourceFile,
  },
  save: {
    summary:
      '保存一篇论文的来源（自建库文献 id 与已读取的文件），替换原有来源；仅限自己的、尚未提交写作的记录。写作时各小节优先引用这些文献',
    body: WritingSourcesInput,
    result: WritingSources,
  },
  query_list: {
    summary: '一篇论文的来源（自建库文献与上传文件）',
    query: IdQuery,
    result: WritingSources,
  },
});
