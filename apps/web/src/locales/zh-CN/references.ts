import route from './references-route.ts';

/** 参考文献核查: the 查重 report's chapter and the standalone check page (`references:` namespace). */
export default {
  route,
  chapter: {
    title: '参考文献核查',
    standard: 'GB/T 7714-{{year}}',
    summary:
      '共 {{total}} 条：已核实 {{verified}}，信息不符 {{mismatch}}，未能核实 {{unverified}}；{{problems}} 条有格式问题',
    searched: '核实检索范围：{{sources}}。“未能核实”只表示在这些来源中没有找到，不等于文献不存在。',
    noSources: '无可用来源',
    unavailable: '未能访问：{{sources}}',
    missingEntries: '正文引用了列表中没有的序号：{{list}}',
    uncited: '正文未引用的条目：{{list}}',
    outOfOrder: '顺序编码制下首次引用顺序颠倒：{{list}}',
    unmatched: '找不到对应条目的引用：{{list}}',
    col: { no: '序号', entry: '条目', problems: '格式问题', verdict: '核实' },
    corrected: '改正：',
    none: '无',
    status: { verified: '已核实', mismatch: '信息不符', unverified: '未能核实' },
    differs: '不一致：{{fields}}',
    fields: {
      toggle: '著录字段',
      authors: '作者',
      title: '题名',
      type: '类型',
      container: '刊名/出处',
      publisher: '出版者',
      year: '年',
      volume: '卷',
      issue: '期',
      pages: '页码',
      doi: 'DOI',
      url: 'URL',
      etAl: '（等）',
    },
    entrySearched: '已检索：{{sources}}',
    entryUnavailable: '未能访问：{{sources}}',
  },
  page: {
    title: '参考文献核查',
    subtitle:
      '粘贴或上传参考文献列表，逐条给出著录字段、GB/T 7714 格式问题与改正后的条目，并在比对库、你的自建库等来源中核实。',
    free: '免费',
    freeNote: '参考文献核查免费，不扣余额、不占次数；结果不保存，离开页面后请自行留存。',
    chip: { format: 'GB/T 7714 格式', verify: '逐条核实', cite: '引用一致性' },
    standard: '著录标准',
    standardDesc: {
      '2015': '现行标准，默认',
      '2025': '2026-07-01 起实施',
    },
    paste: '粘贴列表',
    upload: '上传文件',
    pastePlaceholder:
      '每行一条，例如：\n[1] 王五. 城市治理研究的若干问题[J]. 管理世界, 2020, 36(4): 1-12.\n也可粘贴 BibTeX、RIS 等文献管理软件导出的内容。',
    dragHint: '点击或拖入文件：.docx/.pdf/.txt 的论文或列表，或 .bib/.ris/.enw/.xml 导出文件',
    paperHint: '上传整篇论文时，另查正文引用与列表是否一致。',
    chosen: '已选：{{name}}',
    remove: '移除',
    submit: '开始核查',
    empty: '请先粘贴参考文献列表或选择文件',
    loginFirst: '请先登录后再核查',
    loginToCheck: '登录后核查',
    verdicts:
      '已核实：找到同一文献的记录；信息不符：找到题名相同的记录，但年份、出处、作者、卷期或页码不同；未能核实：所检索的来源中没有找到，不等于文献不存在。',
    result: '核查结果',
  },
};
