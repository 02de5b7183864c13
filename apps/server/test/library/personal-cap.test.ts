import type { LibraryUploadResult } from '@paperdesk/contracts';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { makeUser } from '../billing/helpers.ts';
import { call, documentText, multipart } from '../check/support.ts';
import { describeEachDatabase } from '../support/databases.ts';

/** The 自建库 cap (200 documents) holds against concurrent uploads: it is counted in the insert's transaction. */
describeEachDatabase('personal library cap', (getCtx) => {
  it('eight uploads at once, four places left: exactly four documents go in', async () => {
    const ctx = getCtx();
    const app = await buildApp(ctx);
    try {
      const user = await makeUser(ctx);
      const held = Array.from({ length: 196 }, (_, i) => ({
        title: `参考${i}`,
        author: '',
        source: '',
        text: documentText(3000 + i, 1, 2),
      }));
      await ctx.checks.library.add(held, { origin: 'personal', ownerUserId: user.id });

      const uploads = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          call<LibraryUploadResult>(app, 'POST', '/api/base/library_api/my/upload', {
            token: user.token,
            ...multipart({}, { name: `并发${i}.txt`, data: Buffer.from(documentText(5000 + i, 2, 3)) }),
          }),
        ),
      );
      const added = uploads.reduce((n, u) => n + (u.status === 200 ? u.body.result.added : 0), 0);
      const stored = await ctx.db
        .selectFrom('libraryDocuments')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('ownerUserId', '=', user.id)
        .where('origin', '=', 'personal')
        .where('deletedAt', 'is', null)
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(200);
      expect(added).toBe(4);
    } finally {
      await app.close();
    }
  });
});
