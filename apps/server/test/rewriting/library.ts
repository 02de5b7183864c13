import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/context.ts';
import { adminToken, documentText, importLibrary } from '../check/support.ts';
import { SOURCE_TEXT } from './fixtures.ts';

/** Puts the source of SOURCE_TEXT (and one unrelated paper) in the 查重 library, so the passage checks as copied. */
export async function importSourceLibrary(app: FastifyInstance, ctx: AppContext) {
  await importLibrary(app, await adminToken(ctx), [
    { title: '城市数字治理的运行机制', author: '李四', source: '管理世界', year: 2023, text: SOURCE_TEXT },
    { title: '无关文献', author: '赵六', source: '经济研究', year: 2019, text: documentText(31, 3, 5) },
  ]);
}
