import { PROBLEM_KINDS } from '@paperdesk/references/problem-kinds';
import { z } from 'zod';

/** 参考文献核查: one checked list (the 查重 report's chapter, the standalone check) and its request. */
export const ReferenceStandard = z.enum(['2015', '2025']).describe('GB/T 7714 版本');
export type ReferenceStandard = z.infer<typeof ReferenceStandard>;

export const ReferenceFields = z.object({
  authors: z.array(z.string()),
  etAl: z.boolean().describe('以“等”/“et al”结束'),
  title: z.string(),
  type: z.string().nullable().describe('文献类型标识 J M D C N R S P EB …'),
  carrier: z.string().nullable().describe('载体标识 OL 等'),
  container: z.string().describe('刊名、会议录、报纸或所在图书'),
  edition: z.string(),
  place: z.string(),
  publisher: z.string(),
  year: z.string(),
  volume: z.string(),
  issue: z.string(),
  pages: z.string(),
  date: z.string(),
  cited: z.string().describe('引用日期'),
  doi: z.string(),
  url: z.string(),
});

// the engine's list, so a kind it finds is one the wire accepts
export const ReferenceProblemKind = z.enum(PROBLEM_KINDS);

export const ReferenceProblem = z.object({ kind: ReferenceProblemKind, message: z.string() });

export const ReferenceRecordRef = z.object({
  id: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  year: z.string(),
  container: z.string().optional(),
  origin: z.string().describe('记录来源：比对库、自建库、目录、OpenAlex、Crossref'),
});

export const ReferenceVerdict = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('verified'),
    label: z.literal('已核实'),
    record: ReferenceRecordRef,
    source: z.string(),
  }),
  z.object({
    status: z.literal('mismatch'),
    label: z.literal('信息不符'),
    record: ReferenceRecordRef,
    source: z.string(),
    differences: z.array(z.string()).describe('与记录不一致的著录项'),
  }),
  z.object({
    status: z.literal('unverified'),
    label: z.literal('未能核实'),
    searched: z.array(z.string()),
    unavailable: z.array(z.string()).describe('检索失败（超时、限流、应答异常）的来源'),
  }),
]);

export const ReferenceEntryCheck = z.object({
  index: z.number().int(),
  raw: z.string(),
  number: z.number().int().nullable(),
  lang: z.enum(['zh', 'en']),
  fields: ReferenceFields,
  problems: z.array(ReferenceProblem),
  corrected: z.string().describe('按标准改正后的条目'),
  verdict: ReferenceVerdict,
});
export type ReferenceEntryCheck = z.infer<typeof ReferenceEntryCheck>;

export const ReferenceCitations = z.object({
  scheme: z.enum(['numeric', 'author-year', 'none']),
  missingEntries: z.array(z.number().int()).describe('正文引用了但列表中没有的序号'),
  uncited: z.array(z.number().int()).describe('正文从未引用的条目'),
  outOfOrder: z.array(z.number().int()).describe('顺序编码制下首次引用顺序颠倒的序号'),
  unmatchedAuthorYear: z.array(z.string()).describe('找不到对应条目的著者-出版年引用'),
});

export const ReferenceCheck = z.object({
  standard: ReferenceStandard,
  found: z.boolean().describe('是否找到参考文献列表'),
  message: z.string(),
  entries: z.array(ReferenceEntryCheck),
  citations: ReferenceCitations.nullable(),
  searched: z.array(z.string()).describe('核实时检索过的来源'),
  unavailable: z.array(z.string()),
  summary: z.object({
    total: z.number().int(),
    verified: z.number().int(),
    mismatch: z.number().int(),
    unverified: z.number().int(),
    withProblems: z.number().int(),
  }),
});
export type ReferenceCheck = z.infer<typeof ReferenceCheck>;

export const ReferenceCheckInput = z.object({
  text: z.string().max(400_000, '参考文献列表过长').describe('粘贴的参考文献列表，每行一条'),
  standard: ReferenceStandard.default('2015'),
});
export type ReferenceCheckInput = z.input<typeof ReferenceCheckInput>;

/** The standard of an uploaded file's check (the file itself is the multipart `file`). */
export const ReferenceFileQuery = z.object({ standard: ReferenceStandard.default('2015') });
export type ReferenceFileQuery = z.input<typeof ReferenceFileQuery>;

/** Names of the files the standalone check reads: papers and lists, and reference-manager exports. */
export const REFERENCE_FILE_TYPES = ['.docx', '.pdf', '.txt', '.bib', '.ris', '.enw', '.xml'] as const;
