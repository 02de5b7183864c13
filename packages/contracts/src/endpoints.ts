import { z } from 'zod';
import {
  AigcInitInput,
  AigcListFilter,
  AigcOrderQuery,
  AigcRecord,
  AigcReport,
  AigcSubmitQuery,
  AigcWordCountInput,
  AigcWordCountResult,
} from './aigc.ts';
import {
  CheckCost,
  CheckInitInput,
  CheckCostInput,
  CheckListFilter,
  CheckRecord,
  CheckReport,
  CheckSubmitInput,
  DownloadReportQuery,
  LibrarySize,
  UpdateTitleInput,
  WordCountInput,
  WordCountResult,
} from './check.ts';
import {
  MachineDetail,
  MachineInitInput,
  MachineListFilter,
  MachineOrderQuery,
  MachineOrderStatus,
  MachineRecord,
  MachineSubmitInput,
  MachineWordCount,
  MachineWordCountInput,
} from './machine.ts';
import { group } from './endpoint.ts';
import {
  PaperSubmitInput,
  QueryPaperContentInput,
  QueryPaperContentResult,
  ThesisSubmitInput,
  WritingListFilter,
  WritingOtherInfo,
  WritingRecord,
  WritingSection,
} from './paperInfo.ts';
import { IdQuery, PageQuery, page } from './paging.ts';
import {
  PptListFilter,
  PptOutlineQuota,
  PptRecord,
  PptSaveInput,
  PptSourceText,
  PptSubmitQuery,
  PptTemplate,
  PptTemplateInput,
} from './ppt.ts';
import {
  ReduceContent,
  ReduceContentFilter,
  ReduceContentQuery,
  ReduceDetail,
  ReduceDownloadQuery,
  ReduceFromRecordQuery,
  ReduceInitInput,
  ReduceListFilter,
  ReduceParagraph,
  ReduceParagraphDecisionInput,
  ReduceParagraphResult,
  ReduceRecord,
  ReduceRedoInput,
  ReduceReloadQuery,
  ReduceSubmitCheckQuery,
  ReduceSubmitQuery,
  ReduceWordCount,
  ReduceWordCountInput,
} from './reduce.ts';
import { ReferenceCheck, ReferenceCheckInput, ReferenceFileQuery } from './references.ts';
import { RECORD_BASES } from './routes/records.ts';
import { pastedOrKept } from './upload.ts';

const deleted = z.boolean();

/** A paid service's record list: paging in the query, the service's filter in the body. */
function recordList<F extends z.ZodType, R extends z.ZodType>(summary: string, filter: F, record: R) {
  return { summary, query: PageQuery, body: filter, result: page(record) };
}

/** How a service's `word_count` keeps an upload, said once for every group's docs. */
const KEPT =
  '上传的文件读取后保存 2 小时并返回 uploadId，新建记录时代替文件（记录建成后删除）；粘贴的文字不保存；不扣费';

/**
 * A paid service's `word_count` (anyone may ask): a multipart `file` or JSON with the pasted text; an upload is
 * kept and its id answered.
 */
function wordCount<B extends z.ZodType, R extends z.ZodType>(what: string, body: B, result: R) {
  return { access: 'guest' as const, upload: true as const, summary: `${what}；${KEPT}`, body, result };
}

/**
 * A paid service's `*_init`: a multipart form (`file`, `text` or `uploadId` and the fields) or JSON with the pasted
 * text or the kept upload's id; creates an unpaid record. The paper is then stored once, with the record.
 */
function init<B extends z.ZodType, R extends z.ZodType>(summary: string, body: B, result: R) {
  return { upload: true as const, summary, body, result };
}

/** check_api: the calls every record of 查重 shares with the other paid services. */
export const checkEndpoints = group(RECORD_BASES.check, {
  word_count: wordCount(
    '统计字数并报价（上传 multipart file 或 JSON { text }）',
    WordCountInput,
    WordCountResult,
  ),
  check_init: init(
    '新建检测：上传 .docx/.pdf/.txt（multipart：file、title、author、edition、addToLibrary）、JSON 粘贴全文或 word_count 的 uploadId；不扣费',
    pastedOrKept(CheckInitInput),
    CheckRecord,
  ),
  library_size: {
    path: 'f/library_size',
    access: 'guest',
    summary: '比对库名称与规模（公开：查重页显示「比对库：N 篇 / M 字」）',
    result: LibrarySize,
  },
  query_list: recordList(
    '我的查重记录（分页在 query，筛选在 body：status、title 关键字）',
    CheckListFilter,
    CheckRecord,
  ),
  delete: { summary: '删除自己的检测记录', query: IdQuery, result: deleted },
  load_by_id: { summary: '一条检测记录：状态、进度与核心指标', query: IdQuery, result: CheckRecord },
  update_title: { summary: '修改题目', query: IdQuery, body: UpdateTitleInput, result: CheckRecord },
  download_report: {
    method: 'GET',
    summary: '下载报告：type=simple 简洁报告 PDF，full 全文对照报告 PDF，html 网页版（按需生成）',
    query: DownloadReportQuery,
    result: null,
  },
  report_paragraphs: {
    method: 'GET',
    summary: '报告全文：各段复制比、标红（复制）与标黄（引用）片段及其来源原文',
    query: IdQuery,
    result: CheckReport,
  },
  check_cost: {
    summary: '报价：记录按所选版本的价格、是否适用每日免费专业版检测、余额与套餐次数',
    body: CheckCostInput,
    result: CheckCost,
  },
  check_submit: {
    summary:
      '提交检测：在一个事务里扣费（免费检测 → 套餐次数 → 余额）并排队；重复提交不重复扣费；余额不足 402',
    body: CheckSubmitInput,
    result: CheckRecord,
  },
  check_machine_submit: {
    summary:
      '把检测过的论文交给降重：新建一条智能降重记录（只改写报告标红、标黄的段落，其余保持原文），返回降重记录；不扣费',
    query: IdQuery,
    result: MachineRecord,
  },
  check_cancel: {
    summary: '取消排队中或检测中的检测：停止检测，费用退回',
    query: IdQuery,
    result: CheckRecord,
  },
});

/** paper_aigc_api (AIGC检测). */
export const aigcEndpoints = group(RECORD_BASES.aigc, {
  word_count: wordCount(
    '统计字数并报价（上传 multipart file 或 JSON { text }）',
    AigcWordCountInput,
    AigcWordCountResult,
  ),
  machine_init: init(
    '新建 AIGC 检测：上传 .docx/.pdf/.txt（multipart：file、title、author）、JSON 粘贴全文或 word_count 的 uploadId；不扣费',
    pastedOrKept(AigcInitInput),
    AigcRecord,
  ),
  query_list: recordList(
    '我的 AIGC 检测记录（分页在 query，筛选在 body：status、title 关键字）',
    AigcListFilter,
    AigcRecord,
  ),
  check_order_id: {
    summary: '扫码支付后确认：订单已支付则提交本记录（只扣一次）；未支付时 paid=false',
    query: AigcOrderQuery,
    result: z.object({ paid: z.boolean(), record: AigcRecord }),
  },
  reload: {
    summary: '重新检测：失败（已退款）的记录重新扣费后再跑一次；排队中丢失的任务重新排队，不再扣费',
    query: IdQuery,
    result: AigcRecord,
  },
  submit_check: {
    summary:
      '提交检测：在一个事务里扣费（套餐次数 → 余额，或 orderId 指定的单独支付订单）并排队；重复提交不重复扣费；余额不足 402',
    query: AigcSubmitQuery,
    result: AigcRecord,
  },
  delete: { summary: '删除自己的 AIGC 检测记录', query: IdQuery, result: deleted },
  load_by_id: { summary: '一条 AIGC 检测记录：状态、进度与核心指标', query: IdQuery, result: AigcRecord },
  load_content_by_id: {
    summary: 'AIGC 检测报告：总体疑似度、各章节与段落的疑似程度、标出的疑似句子',
    query: IdQuery,
    result: AigcReport,
  },
  download_report: {
    method: 'GET',
    summary: '下载 AIGC 检测报告 PDF（按需生成）',
    query: IdQuery,
    result: null,
  },
});

/** machine_api (降重). */
export const machineEndpoints = group(RECORD_BASES.machine, {
  word_count: wordCount(
    '统计需降重的字数并报价两个版本（multipart file 或 JSON { text }）',
    MachineWordCountInput,
    MachineWordCount,
  ),
  machine_init: init(
    '新建智能降重：粘贴（JSON { title?, text }）、上传 .docx/.pdf/.txt（multipart file、title）或 word_count 的 uploadId；不扣费',
    pastedOrKept(MachineInitInput),
    MachineRecord,
  ),
  machine_cnki_init: init(
    '新建知网专版降重（AI 模型逐段改写）：同 machine_init；未配置模型时 503，不建记录',
    pastedOrKept(MachineInitInput),
    MachineRecord,
  ),
  query_list: recordList(
    '我的降重记录（分页在 query，筛选在 body：status、edition、title 关键字）',
    MachineListFilter,
    MachineRecord,
  ),
  check_order_id: {
    summary: '扫码支付本条记录后查询订单：已到账则记录已自动提交',
    query: MachineOrderQuery,
    result: MachineOrderStatus,
  },
  load_by_id: {
    summary: '一条降重记录：状态、进度、两个版本的价格；完成后附逐段对照（原文、改写、改动位置）',
    query: IdQuery,
    result: MachineDetail,
  },
  machine_submit: {
    summary: '提交智能降重：在一个事务里扣费（降重套餐字数 → 余额）并排队；重复提交不重复扣费；余额不足 402',
    body: MachineSubmitInput,
    result: MachineRecord,
  },
  machine_cnki_submit: {
    summary: '提交知网专版降重：同 machine_submit；未配置模型时 503，不扣费',
    body: MachineSubmitInput,
    result: MachineRecord,
  },
  delete: { summary: '删除自己的降重记录（进行中的不能删除）', query: IdQuery, result: deleted },
  download_report: {
    method: 'GET',
    summary: '下载降重结果 .docx：改写后全文，附原文与改写对照表（按需生成）',
    query: IdQuery,
    result: null,
  },
});

/** ai_ppt_info_api (PPT生成). */
export const pptEndpoints = group(RECORD_BASES.ppt, {
  query_list: recordList(
    '我的 PPT 记录（分页在 query，筛选在 body：status、topic 关键字）',
    PptListFilter,
    PptRecord,
  ),
  load_by_id: { summary: '一条 PPT 记录：状态、进度、大纲与幻灯片预览', query: IdQuery, result: PptRecord },
  delete: { summary: '删除自己的 PPT 记录', query: IdQuery, result: deleted },
  download: { method: 'GET', summary: '下载生成的 .pptx', query: IdQuery, result: null },
  get_template_list: {
    access: 'guest',
    summary: 'PPT 模板列表（含封面预览 SVG），无需登录',
    result: z.array(PptTemplate),
  },
  save_or_update: {
    summary: '新建或修改 PPT 记录（主题、模板、页数 8–30、场景、参考资料、大纲）；不扣费。未配置模型时 503',
    body: PptSaveInput,
    result: PptRecord,
  },
  read_source: {
    upload: true,
    summary: '上传 .docx/.pdf/.txt（multipart file），返回其文字作为参考资料；文件本身不保存',
    result: PptSourceText,
  },
  generate_outline: {
    summary: 'AI 生成大纲（免费，每人每天有次数上限）；结果保存在记录上，可编辑后提交',
    query: IdQuery,
    result: PptRecord,
  },
  get_outline_quota: { summary: '今日已用的免费大纲次数与上限', result: PptOutlineQuota },
  submit_by_id: {
    summary:
      '生成 PPT：在一个事务里按用户选的付款方式扣费（pay：quota 套餐份数 / balance 余额，不选不动套餐）并排队；重复提交不重复扣费；余额不足 402',
    query: PptSubmitQuery,
    result: PptRecord,
  },
  change_template: {
    summary: '切换模板：已生成的 PPT 按新模板重新排版，不调用模型、不扣费',
    query: IdQuery,
    body: PptTemplateInput,
    result: PptRecord,
  },
});

/** paper_info_api (论文写作). */
export const paperInfoEndpoints = group(RECORD_BASES.writing, {
  query_list: recordList(
    '我的写作记录（分页在 query，筛选在 body：status、title 关键字）',
    WritingListFilter,
    WritingRecord,
  ),
  load_by_id: { summary: '一条写作记录：状态、进度、价格与大纲', query: IdQuery, result: WritingRecord },
  delete: { summary: '删除自己的写作记录（写作中的不能删除）', query: IdQuery, result: deleted },
  reload: {
    summary: '失败的记录重新写作：从第一个未写的小节继续，重新扣费一次（失败时已退款）；进行中的只重新排队',
    query: IdQuery,
    result: WritingRecord,
  },
  download: {
    method: 'GET',
    summary: '下载写好的论文（.docx，毕业论文含封面、中英文摘要与目录）',
    query: IdQuery,
    result: null,
  },
  query_paper_content: {
    summary:
      'type=outline：按题目等信息新建记录并由 AI 生成大纲（draft），或为未提交的记录重新生成（id），每天限免费次数；type=section：一个小节及正文；type=paper：已写出的整篇论文树',
    body: QueryPaperContentInput,
    result: QueryPaperContentResult,
  },
  query_content_list: {
    summary: '一条记录的全部章节（按写作顺序，含已写正文）',
    query: IdQuery,
    result: z.array(WritingSection),
  },
  load_other_by_id: {
    summary: '记录的其他信息：学科、语言、要求、毕业论文封面，以及今天的免费大纲次数',
    query: IdQuery,
    result: WritingOtherInfo,
  },
  paper_xueshu_submit: {
    summary:
      '提交课程/期刊论文：保存编辑后的大纲并在一个事务里扣费（29.9元/篇或写作套餐）、排队写作；余额不足 402',
    body: PaperSubmitInput,
    result: WritingRecord,
  },
  paper_submit: {
    summary: '提交毕业论文：封面信息与编辑后的大纲，一个事务里扣费（99元/篇或写作套餐）并排队；余额不足 402',
    body: ThesisSubmitInput,
    result: WritingRecord,
  },
});

/** Paragraphs of one 降重 / 降AIGC record, paged, shared by both groups' query_content_list. */
const reduceContentList = {
  summary: '降重/降AIGC 逐段结果（分页在 query 连同 id，body.only 选段落：全部/需改写/未达标/有改动）',
  query: ReduceContentQuery,
  body: ReduceContentFilter,
  result: page(ReduceParagraph),
};

/**
 * paper_machine_api (whole-paper 降重 and 降AIGC, one record type; `kind` tells the product). Scores and
 * targets are percentages. Additions to the spec: update_paragraph, redo_paragraph (the result page's
 * per-paragraph accept / reject / edit / redo). download and the spec's POST both answer.
 */
export const paperMachineEndpoints = group(RECORD_BASES.reduce, {
  query_list: recordList(
    '我的降重/降AIGC 记录（分页在 query；body 筛选 kind、status、origin+sourceRecordId、title）',
    ReduceListFilter,
    ReduceRecord,
  ),
  query_content_list: reduceContentList,
  delete: { summary: '删除自己的记录（排队或改写中的不能删除）', query: IdQuery, result: deleted },
  load_by_id: {
    summary: '一条记录：状态、逐段进度、前后分数、未达标说明、两种方式的价格',
    query: IdQuery,
    result: ReduceDetail,
  },
  load_content_by_id: {
    summary: '对照视图：记录 + 全部段落（原文、改写、改动、前后分数、每轮尝试、用户决定）',
    query: IdQuery,
    result: ReduceContent,
  },
  word_count: wordCount(
    '统计字数并报价（上传 multipart file 或 JSON { text, kind }）',
    ReduceWordCountInput,
    ReduceWordCount,
  ),
  machine_init: init(
    '新建记录：JSON 粘贴或 word_count 的 uploadId，或 multipart（file 论文；report 第三方查重报告时只改写报告标出的段落）+ kind、path、targetSimilarity、targetAigc；不扣费。不是查重报告、报告与论文对不上、目标越界、内容为空或过长时 400',
    pastedOrKept(ReduceInitInput),
    ReduceRecord,
  ),
  machine_submit: {
    summary:
      '提交：可再改 path 与目标；一个事务里扣费（余额或 orderId）并排队；重复提交不重复扣费；余额不足 402；选 model 而未配置模型 503',
    query: ReduceSubmitQuery,
    result: ReduceRecord,
  },
  reload: {
    summary:
      '失败（已退款）的记录重新扣费再跑，从第一个未完成段落继续；已完成的离线记录 path=model：返回一条新的 AI 模型记录（待支付，只含未达标段落）',
    query: ReduceReloadQuery,
    result: ReduceRecord,
  },
  download: {
    method: 'GET',
    summary:
      '下载 .docx（GET 或 POST）：上传的 .docx 原样替换段落文字（track=1 为 Word 修订模式），否则生成新文档',
    query: ReduceDownloadQuery,
    result: null,
  },
  submit_check: {
    summary: '把改写后的全文（按用户决定）交给查重复测：新建一条查重记录（待提交，不扣费），返回它',
    query: ReduceSubmitCheckQuery,
    result: CheckRecord,
  },
  check_machine_submit: {
    summary: '由本站查重记录一键降重：新建记录（只改写有复制的段落），不扣费；可带目标与 path',
    query: ReduceFromRecordQuery,
    result: ReduceRecord,
  },
  check_aigc_machine_submit: {
    summary: '由本站 AIGC 检测记录一键降AIGC：新建降AIGC 记录（只改写疑似段落），不扣费；可带目标与 path',
    query: ReduceFromRecordQuery,
    result: ReduceRecord,
  },
  update_paragraph: {
    summary: '（新增）一段的决定：接受 / 拒绝（恢复原文）/ 编辑（重新测量）；返回该段与更新后的全文分数',
    query: IdQuery,
    body: ReduceParagraphDecisionInput,
    result: ReduceParagraphResult,
  },
  redo_paragraph: {
    summary: '（新增）重做一段：换一个随机种子再跑改写循环，限次数免费；返回该段与更新后的全文分数',
    query: IdQuery,
    body: ReduceRedoInput,
    result: ReduceParagraphResult,
  },
});

/** paper_aigc_api's 降AIGC calls: the same service as paper_machine_api, from the AIGC pages. */
export const aigcReduceEndpoints = group(RECORD_BASES.aigc, {
  machine_submit: {
    summary: '提交降AIGC 记录（同 paper_machine_api/machine_submit）',
    query: ReduceSubmitQuery,
    result: ReduceRecord,
  },
  aigc_machine_submit: {
    summary: '由 AIGC 检测记录一键降AIGC（同 paper_machine_api/check_aigc_machine_submit）',
    query: ReduceFromRecordQuery,
    result: ReduceRecord,
  },
  query_content_list: reduceContentList,
});

/** reference_api: 参考文献核查 of a list pasted or uploaded on its own (the 查重 report has its own chapter). */
export const referenceEndpoints = group('/api/base/reference_api', {
  check: {
    summary:
      '核查粘贴的参考文献列表（每行一条），或文献管理软件导出文件的内容（BibTeX、RIS、EndNote XML、NoteExpress、知网导出）：逐条著录字段、GB/T 7714 格式问题与改正、核实结论（已核实/信息不符/未能核实）；不扣费',
    body: ReferenceCheckInput,
    result: ReferenceCheck,
  },
  check_file: {
    upload: true,
    summary:
      '核查上传的文件（multipart：file）：.docx/.pdf/.txt 的论文（找到“参考文献”列表时另查引用一致性）或单独的列表，或 .bib/.ris/.enw/.xml/.txt 导出文件；结果同 check；不扣费',
    query: ReferenceFileQuery,
    result: ReferenceCheck,
  },
});
