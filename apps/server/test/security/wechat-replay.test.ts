import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/http/app.ts';
import { WECHAT_CALLBACK_PATH } from '../../src/http/routes/wechat.ts';
import { wechatSignature } from '../../src/integrations/wechat/crypto.ts';
import { bodyOf, LOGIN } from '../auth/helpers.ts';
import { describeEachDatabase } from '../support/databases.ts';
import { fakeWechatForFile, OFFICIAL_ACCOUNT, wechatLoginEnv } from '../support/wechat.ts';

const fake = await fakeWechatForFile();

/**
 * In plaintext mode the callback URL's signature covers token, timestamp and nonce, not the body: a captured URL
 * sent again within the 300 s window with a forged event (someone else's login id, an openid of one's choosing)
 * must not be acted on (issue 22 item 5).
 */
describeEachDatabase(
  'WeChat callback replay (plaintext mode)',
  (getCtx) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp(getCtx());
    });
    afterAll(() => app.close());

    const startQr = async () => {
      const res = await app.inject({ method: 'POST', url: `${LOGIN}/f/login_qr_code` });
      expect(res.statusCode, res.body).toBe(200);
      return bodyOf<{ id: string }>(res).result.id;
    };
    const scanEvent = (openid: string, id: string) =>
      `<xml><ToUserName><![CDATA[gh_fake0001]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName>` +
      `<CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime><MsgType><![CDATA[event]]></MsgType>` +
      `<Event><![CDATA[SCAN]]></Event><EventKey><![CDATA[${id}]]></EventKey></xml>`;
    const status = async (id: string) =>
      (
        await getCtx()
          .db.selectFrom('qrLogins')
          .select(['status', 'userId'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;

    it('a captured callback URL sent again with a forged event confirms nothing', async () => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = '52718';
      const query = {
        signature: wechatSignature(OFFICIAL_ACCOUNT.token, timestamp, nonce),
        timestamp,
        nonce,
      };
      const sendCallback = (event: string) =>
        app.inject({
          method: 'POST',
          url: WECHAT_CALLBACK_PATH,
          query,
          headers: { 'content-type': 'text/xml' },
          payload: event,
        });
      const genuine = await startQr();
      const first = await sendCallback(scanEvent('oGenuine_user', genuine));
      expect(first.statusCode, first.body).toBe(200);
      expect(await status(genuine)).toBe('confirmed');

      // the attacker's own browser's id, signed in as whatever openid the attacker types
      const attackers = await startQr();
      const replay = await sendCallback(scanEvent('oVictim_user', attackers));
      expect(replay.statusCode).toBe(200);
      expect(await status(attackers)).toBe('pending');
      const victims = await getCtx()
        .db.selectFrom('users')
        .select('id')
        .where('wechatOpenid', '=', 'oVictim_user')
        .execute();
      expect(victims).toEqual([]);
    });
  },
  wechatLoginEnv(fake),
);
