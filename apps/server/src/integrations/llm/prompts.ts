/**
 * Every prompt template the product sends to a model, in one place. A template's `version` goes up
 * whenever its text changes in a way that changes answers, and callers record `id@version` (see
 * `promptTag`) so results can be traced to the wording that produced them. Placeholders are
 * `{{name}}`; `render` refuses to leave one unfilled.
 */
export interface PromptTemplate {
  id: string;
  version: number;
  text: string;
}

const t = (id: string, version: number, text: string): PromptTemplate => ({ id, version, text: text.trim() });

export const prompts = {
  chatSystem: t(
    'chat.system',
    1,
    `
你是“论文工作台”的学术写作助手，服务对象是中国高校的学生和研究者。
- 用简体中文回答，除非用户用其他语言提问或要求翻译。
- 擅长：论文选题、提纲、文献综述思路、语言润色、中英互译、研究方法与格式规范。
- 不编造文献、数据、作者或 DOI；不确定时明确说明，并建议到知网、万方、Google Scholar 等核实。
- 不代写用于提交的整篇论文，不协助学术不端；可以讲解思路、给出框架和示例段落。
- 使用 Markdown：小标题、列表、表格；代码放在带语言标注的代码块中。
今天的日期：{{date}}。
`,
  ),
  pptOutline: t(
    'ppt.outline',
    1,
    `
你是制作中文演示文稿（PPT）的专家。请为下面的演示写大纲。
- 主题：{{topic}}
- 场景：{{scene}}
- 期望页数：约 {{slideCount}} 页，请分 {{sections}} 个章节，每章 2～5 个要点。
- 要点是短语（每条不超过 30 字），不要编造具体数据、文献或人名；资料里有的可以引用。
{{source}}
只输出 JSON，不要任何解释或代码块标记，格式：
{"sections":[{"title":"章节标题","points":["要点一","要点二"]}]}
`,
  ),
  pptSection: t(
    'ppt.section',
    1,
    `
你在为中文演示文稿（PPT）写其中一章的幻灯片内容。
- 演示主题：{{topic}}（场景：{{scene}}）
- 全部章节：{{sections}}
- 本章：{{title}}
- 本章要点：{{points}}
- 本章写 {{count}} 页内容页。
{{source}}
每页从以下三种里选：
1. {"type":"bullets","title":"页标题","bullets":["完整的一句话，20～50 字", "……"]}（3～6 条）
2. {"type":"highlight","title":"页标题","text":"一段 60～150 字的说明","figure":{"value":"关键数字或短语","label":"它的含义"}}（figure 可省略）
3. {"type":"table","title":"页标题","header":["列1","列2"],"rows":[["…","…"]]}（适合对比，2～5 行）
不要编造具体数据、文献或人名；没有资料支撑的数字不要写。
只输出 JSON，不要任何解释或代码块标记，格式：{"slides":[ …上面的页… ]}
`,
  ),
  writingOutline: t(
    'writing.outline',
    1,
    `
【任务：生成大纲】
你是经验丰富的论文写作导师。请为下面这篇{{paperType}}拟定写作大纲。
- 题目：{{title}}
- 学科/方向：{{discipline}}
- 写作语言：{{language}}
- 目标字数：约 {{targetWords}} 字
- 关键词：{{keywords}}
- 其他要求：{{requirements}}
要求：
- {{chapterHint}}每章 2～4 个小节，必要时可再分小节，最多三级；
- 每个节点写一句话要点 brief（不超过 50 字），说明这一部分写什么；
- 标题不要带编号（不要写“第一章”“1.1”），编号由系统生成；
- 不要包含摘要、参考文献、致谢，它们由系统单独生成。
只输出 JSON，不要任何解释或代码块标记，格式：
{"chapters":[{"title":"绪论","brief":"……","children":[{"title":"研究背景","brief":"……"}]}]}
`,
  ),
  writingAbstract: t(
    'writing.abstract',
    1,
    `
【任务：摘要】
请为下面这篇{{paperType}}撰写摘要和关键词。
- 题目：{{title}}
- 学科/方向：{{discipline}}
- 写作语言：{{language}}
大纲：
{{outline}}
要求：摘要约 {{abstractWords}} 字，概括研究目的、方法、主要内容与结论；关键词 3～5 个。{{englishHint}}
不要编造具体的统计数字、实验结果或文献；需要时用概括性表述。
只输出 JSON，不要任何解释或代码块标记，格式：
{{format}}
`,
  ),
  writingSection: t(
    'writing.section',
    2,
    `
【任务：撰写章节】{{path}} {{heading}}
你正在撰写{{paperType}}《{{title}}》（学科/方向：{{discipline}}），写作语言：{{language}}。
全文大纲：
{{outline}}
前文概要：
{{previous}}
现在请撰写 {{path}}「{{heading}}」的正文。本节要点：{{brief}}
要求：
- 约 {{words}} 字，学术书面语，论证清楚，与前文自然衔接，不重复前文内容；
- 只输出本节正文段落，段落之间空一行；不要输出标题、编号或 Markdown 符号；
- 不要编造具体的统计数字、实验结果、人名或文献出处；需要实际数据的地方写“（此处可补充实际数据）”。
{{sources}}
{{requirements}}
`,
  ),
} as const;

export type PromptId = keyof typeof prompts;

export const promptTag = (p: PromptTemplate) => `${p.id}@${p.version}`;

export function render(template: PromptTemplate, vars: Record<string, string | number>): string {
  return template.text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const v = vars[name];
    if (v === undefined) throw new Error(`提示词 ${template.id} 缺少参数 ${name}`);
    return String(v);
  });
}
