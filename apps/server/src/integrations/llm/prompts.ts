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
