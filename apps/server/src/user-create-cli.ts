import { parseArgs } from 'node:util';
import type { Config } from './config.ts';

const USAGE =
  '用法: npm run user:create -- --username 用户名 [--password 密码 | 环境变量 PAPERDESK_PASSWORD] [--admin]';

/** `npm run user:create -- --username U --password P [--admin]`: an account made from the shell (the first admin). */
export async function runUserCreate(config: Config, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      admin: { type: 'boolean', default: false },
    },
  });
  // The password may come from the environment so it does not show in `ps` or shell history.
  const password = values.password ?? process.env.PAPERDESK_PASSWORD;
  if (!values.username || !password) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const { RegisterInput } = await import('@paperdesk/contracts');
  const parsed = RegisterInput.safeParse({ username: values.username, password });
  if (!parsed.success) {
    console.error(`输入有误: ${parsed.error.issues.map((i) => i.message).join('；')}`);
    process.exitCode = 2;
    return;
  }
  const input = parsed.data;
  // loaded only here: a usage error answers without loading the whole server
  const { createContext } = await import('./context.ts');
  const ctx = await createContext(config, { publishFeatures: false });
  try {
    const id = await ctx.accounts.register({ ...input, role: values.admin ? 'admin' : 'user' });
    console.log(`已创建用户 ${input.username}（ID ${id}${values.admin ? '，管理员' : ''}）`);
  } finally {
    await ctx.close();
  }
}
