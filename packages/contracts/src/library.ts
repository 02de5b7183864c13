import { z } from 'zod';
import {
  LibraryDocument,
  LibraryImportInput,
  LibraryImportResult,
  LibraryListFilter,
  LibraryStats,
  LibraryUploadResult,
} from './check.ts';
import { group } from './endpoint.ts';
import { IdQuery, PageQuery, page } from './paging.ts';

/** Files one library upload may carry; one .zip may hold (folders and hidden files do not count). */
export const LIBRARY_MAX_FILES = 20;
export const LIBRARY_MAX_ZIP_FILES = 2000;
/** Documents one user may keep in their 自建库. */
export const PERSONAL_LIBRARY_MAX_DOCS = 200;

/** library_api: the reference library, for administrators (list, import, upload files, delete, size). */
export const libraryEndpoints = group(
  '/api/base/library_api',
  {
    query_list: {
      summary: '比对库文献（分页在 query，题目关键字在 body）',
      query: PageQuery,
      body: LibraryListFilter,
      result: page(LibraryDocument),
    },
    import: {
      summary: '导入文献（JSON：documents[] = { title, author, source, year, text }；正文相同的跳过）',
      body: LibraryImportInput,
      result: LibraryImportResult,
    },
    upload: {
      upload: true,
      summary: `上传文献文件（multipart：file 最多 ${LIBRARY_MAX_FILES} 个 .docx/.pdf/.txt，及 author、source、year、title）；逐个文件给出结果：已导入、重复、无法读取（原因）、正文为空`,
      result: LibraryUploadResult,
    },
    upload_zip: {
      upload: true,
      summary: `上传 .zip 压缩包（multipart：file 一个 .zip，内含最多 ${LIBRARY_MAX_ZIP_FILES} 个 .jsonl/.docx/.pdf/.txt）；在计算线程中解压与解析；逐个文件给出结果，每个文件整体导入或不导入`,
      result: LibraryUploadResult,
    },
    delete: {
      summary: '从比对库删除（各进程在下次同步时移出索引）',
      query: IdQuery,
      result: z.boolean(),
    },
    stats: { summary: '比对库规模与本进程索引状态', result: LibraryStats },
  },
  'admin',
);

/** library_api/my: a user's 自建库, compared only with that user's own papers. */
export const myLibraryEndpoints = group('/api/base/library_api/my', {
  query_list: {
    summary: '我的自建库文献（只与我自己的论文比对）',
    query: PageQuery,
    result: page(LibraryDocument),
  },
  stats: { summary: '我的自建库规模', result: LibraryStats },
  upload: {
    upload: true,
    summary: `上传到我的自建库（multipart：file 最多 ${LIBRARY_MAX_FILES} 个 .docx/.pdf/.txt）；每个文件给出结果；每人最多 ${PERSONAL_LIBRARY_MAX_DOCS} 篇`,
    result: LibraryUploadResult,
  },
  delete: { summary: '从我的自建库删除', query: IdQuery, result: z.boolean() },
});
