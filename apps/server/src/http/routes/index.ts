import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { accountRoutes } from './account.ts';
import { adminRoutes } from './admin.ts';
import { aigcRoutes } from './aigc.ts';
import { checkRoutes } from './check.ts';
import { libraryRoutes } from './library.ts';
import { loginRoutes } from './login.ts';
import { machineRoutes } from './machine.ts';
import { mobileRoutes } from './mobile.ts';
import { orderRoutes } from './order.ts';
import { payRoutes } from './pay.ts';
import { paperInfoRoutes } from './paperInfo.ts';
import { pptRoutes } from './ppt.ts';
import { productRoutes } from './product.ts';
import { reduceRoutes } from './reduce.ts';
import { referenceRoutes } from './reference.ts';
import { sysConfigRoutes } from './sysConfig.ts';
import { chatRoutes } from './chat.ts';
import { wechatRoutes } from './wechat.ts';
import { writingSourceRoutes } from './writingSource.ts';

import type { RouteModule } from './types.ts';

/** One module per spec API group (`login_api` -> login.ts, `check_api` -> check.ts, …). */
const modules: RouteModule[] = [
  loginRoutes,
  accountRoutes,
  mobileRoutes,
  sysConfigRoutes,
  productRoutes,
  orderRoutes,
  payRoutes,
  chatRoutes,
  wechatRoutes,
  adminRoutes,
  checkRoutes,
  aigcRoutes,
  libraryRoutes,
  pptRoutes,
  machineRoutes,
  paperInfoRoutes,
  reduceRoutes,
  referenceRoutes,
  writingSourceRoutes,
];

export async function registerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const mod of modules) await mod(typed, ctx);
}
