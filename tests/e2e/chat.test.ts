import { describe, expect, it } from 'vitest';
import { newPage, screenshot } from './support/browser.ts';
import { useModelSession, withServerWithoutModel } from './support/session.ts';

/** A Markdown answer with the parts the page must render: headings, lists, a table and a code block. */
const ANSWER = [
  '## 教育学毕业论文选题建议\n\n',
  '以下选题兼顾**研究意义**与**可行性**：\n\n',
  '1. 人工智能辅助教学对初中生数学学习动机的影响\n',
  '2. “双减”政策下家庭教育投入的变化研究\n',
  '3. 高校混合式教学中的学生参与度评价\n\n',
  '| 选题 | 研究方法 | 数据来源 |\n',
  '| --- | --- | --- |\n',
  '| 选题 1 | 准实验 | 两所初中 |\n',
  '| 选题 2 | 问卷调查 | 家长样本 |\n\n',
  '问卷数据可以用 Python 做描述统计：\n\n',
  '```python\nimport pandas as pd\n\ndf = pd.read_csv("survey.csv")\nprint(df.describe())\n```\n\n',
  '> 提示：确定选题前，请先在知网检索近五年的相关文献。',
];

describe('/gpt AI assistant', () => {
  const s = useModelSession({ username: 'e2e_chat', topUpFen: 100 });

  it('sends a message and shows the streamed answer as Markdown; stop keeps the partial answer', async () => {
    s.fake.respond(() => ({ chunks: ANSWER, chunkDelayMs: 60 }));
    const { page, context } = await newPage(s.browser, { token: s.token, width: 1440, height: 900 });
    await page.goto(`${s.server.url}/gpt`);
    await page.getByText('有什么可以帮你？').waitFor();
    for (const title of ['论文选题', '论文提纲', '学术润色', '中英互译', '文献综述思路']) {
      await expect(page.getByText(title, { exact: true }).count()).resolves.toBeGreaterThan(0);
    }
    await page.getByTestId('chat-suggest-topic').click();
    const input = page.getByTestId('chat-input');
    expect(await input.inputValue()).toContain('选题');
    await input.fill('我是教育学专业的本科生，请给我几个毕业论文选题');
    await input.press('Enter');

    const answer = page.getByTestId('chat-assistant-message').last();
    // Streaming: the first words are there before the answer is complete, and the stop button shows.
    await answer.getByText('教育学毕业论文选题建议').waitFor();
    expect(await answer.getAttribute('data-status')).toBe('streaming');
    await page.getByTestId('chat-stop').waitFor();
    await page
      .locator('[data-testid="chat-assistant-message"][data-status="complete"]')
      .waitFor({ timeout: 15_000 });
    await expect(answer.locator('h2').textContent()).resolves.toBe('教育学毕业论文选题建议');
    await expect(answer.locator('table tr').count()).resolves.toBe(3);
    await expect(answer.locator('.gpt-code__lang').textContent()).resolves.toBe('python');
    await expect(answer.locator('pre code').textContent()).resolves.toContain('pd.read_csv("survey.csv")');
    await expect(answer.locator('blockquote').textContent()).resolves.toContain('知网');
    // The new conversation is in the URL and in the list.
    await page.waitForURL(/\/gpt\?c=\d+/);
    const conversationId = new URL(page.url()).searchParams.get('c');
    await page.locator('.gpt-side .gpt-list__title', { hasText: '我是教育学专业的本科生' }).waitFor();
    expect(s.fake.requests.at(-1)?.messages.at(-1)?.content).toBe(
      '我是教育学专业的本科生，请给我几个毕业论文选题',
    );
    await screenshot(page, 'gpt-1440');

    // Stop: a slow answer is cut off; what arrived stays, marked as stopped.
    s.fake.respond(() => ({
      chunks: ['第一部分。', '第二部分。', '第三部分。', '第四部分。', '第五部分。', '第六部分。'],
      chunkDelayMs: 400,
    }));
    await input.fill('再详细说说第一个选题');
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-assistant-message').last().getByText('第一部分。').waitFor();
    await page.getByTestId('chat-stop').click();
    await page.locator('[data-testid="chat-assistant-message"][data-status="stopped"]').waitFor();
    await page.getByText('已停止生成').waitFor();
    await expect.poll(() => s.fake.closedEarly).toBe(1);
    const stopped = await page.getByTestId('chat-assistant-message').last().textContent();
    expect(stopped).toContain('第一部分。');
    expect(stopped).not.toContain('第六部分。');

    // Reloading shows what the server stored, the stopped answer included.
    await page.reload();
    await page.getByTestId('chat-assistant-message').nth(1).getByText('第一部分。').waitFor();
    await expect(page.getByTestId('chat-user-message').count()).resolves.toBe(2);
    await context.close();

    // The same conversation on a phone.
    const phone = await newPage(s.browser, { token: s.token, width: 390, height: 844 });
    await phone.page.goto(`${s.server.url}/gpt?c=${conversationId}`);
    await phone.page.getByTestId('chat-assistant-message').first().locator('table').waitFor();
    await expect(phone.page.locator('.gpt-side').isVisible()).resolves.toBe(false);
    await phone.page.evaluate(() => document.querySelector('.gpt-scroll')?.scrollTo(0, 0));
    await screenshot(phone.page, 'gpt-390');
    await phone.page.getByLabel('对话列表').first().click();
    await phone.page.locator('.gpt-drawer .gpt-list__title').first().waitFor();
    await phone.context.close();

    const welcome = await newPage(s.browser, { token: s.token, width: 390, height: 844 });
    await welcome.page.goto(`${s.server.url}/gpt`);
    await welcome.page.getByText('有什么可以帮你？').waitFor();
    await screenshot(welcome.page, 'gpt-welcome-390');
    await welcome.context.close();
  });

  it('says so before anyone pays when no model is configured', async () => {
    await withServerWithoutModel('e2e_chat_nomodel', async (bare, t) => {
      const { page, context } = await newPage(s.browser, { token: t, width: 1440, height: 900 });
      await page.goto(`${bare.url}/gpt`);
      await page.getByTestId('chat-not-configured').waitFor();
      await expect(page.getByTestId('chat-not-configured').textContent()).resolves.toContain(
        'AI 模型未配置，请联系管理员',
      );
      await expect(page.getByTestId('chat-input').isDisabled()).resolves.toBe(true);
      await screenshot(page, 'gpt-not-configured-1440');
      await context.close();
    });
  });
});
