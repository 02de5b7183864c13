import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aesKeyFrom } from '../../integrations/wechat/crypto.ts';
import {
  CALLBACK_MAX_SKEW_SECONDS,
  type CallbackSecrets,
  loginScanOf,
  openCallbackMessage,
  verifyUrlSignature,
  WechatCallbackError,
} from '../../integrations/wechat/messages.ts';
import { DomainError, forbidden, notFound, statusOf, unsupportedType } from '../errors.ts';
import type { RouteModule } from './types.ts';

/** The URL to enter as 服务器地址(URL) in the official account's 服务器配置. */
export const WECHAT_CALLBACK_PATH = '/api/wechat/callback';

const param = z.string().max(200).optional();
const CallbackQuery = z.object({
  signature: param,
  timestamp: param,
  nonce: param,
  echostr: z.string().max(1000).optional(),
  openid: param,
  encrypt_type: param,
  msg_signature: param,
});

/**
 * The official account's message callback: GET answers WeChat's server verification (echo of
 * `echostr` after the signature check); POST receives events, and a SCAN or subscribe-by-QR event
 * confirms the login id in its scene string. Enabled when the WeChat provider is (app id + secret)
 * and WECHAT_TOKEN is set; 404 otherwise.
 */
export const wechatRoutes: RouteModule = async (app, ctx) => {
  const { config } = ctx;
  const enabled = ctx.qrLogin.provider.kind === 'wechat' && !!config.WECHAT_TOKEN && !!config.WECHAT_APP_ID;
  const secrets: CallbackSecrets | null = enabled
    ? {
        token: config.WECHAT_TOKEN ?? '',
        appId: config.WECHAT_APP_ID ?? '',
        aesKey: config.WECHAT_AES_KEY ? aesKeyFrom(config.WECHAT_AES_KEY) : null,
      }
    : null;
  if (ctx.qrLogin.provider.kind === 'wechat' && !config.WECHAT_TOKEN) {
    app.log.warn('已配置微信公众号登录，但缺少 WECHAT_TOKEN：回调无法验签，扫码后不会登录');
  }
  const requireSecrets = () => {
    if (!secrets) throw notFound('未启用微信公众号登录');
    return secrets;
  };
  const refuse = (e: unknown): never => {
    if (e instanceof WechatCallbackError) throw forbidden(`微信回调校验失败：${e.message}`);
    throw e;
  };

  // Scoped so the XML body parser applies to these routes only. Hand-registered, not from a contracts endpoint:
  // WeChat sends XML and wants plain text back, where the factories take JSON and answer the envelope.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      ['text/xml', 'application/xml'],
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );

    scope.get(
      WECHAT_CALLBACK_PATH,
      { schema: { hide: true, querystring: CallbackQuery } },
      async (req, reply) => {
        const s = requireSecrets();
        try {
          verifyUrlSignature(s, req.query);
        } catch (e) {
          refuse(e);
        }
        return reply.type('text/plain; charset=utf-8').send(req.query.echostr ?? '');
      },
    );

    scope.post(
      WECHAT_CALLBACK_PATH,
      { schema: { hide: true, querystring: CallbackQuery } },
      async (req, reply) => {
        const s = requireSecrets();
        if (typeof req.body !== 'string') throw unsupportedType('微信回调需为 XML 消息');
        let msg: Record<string, string> = {};
        try {
          msg = openCallbackMessage(s, req.query, req.body);
        } catch (e) {
          refuse(e);
        }
        // the URL signature does not cover a plaintext-mode body: the same URL again (a replay with forged events,
        // or WeChat's own retry of a message already handled) is answered without being acted on
        const first = await ctx.qrLogin.firstDelivery(
          req.query.signature ?? '',
          s.maxSkewSeconds ?? CALLBACK_MAX_SKEW_SECONDS,
        );
        if (!first) {
          req.log.warn('wechat callback replayed: ignored');
          return reply.type('text/plain; charset=utf-8').send('success');
        }
        const scan = loginScanOf(msg);
        if (scan) {
          try {
            const userId = await ctx.qrLogin.confirmWechat(scan.id, scan.openid);
            req.log.info({ userId }, 'wechat qr login confirmed');
          } catch (e) {
            // Expired or already used ids still get `success`: WeChat would otherwise retry and tell
            // the user the account is unavailable. The page simply shows its own refresh prompt.
            if (!(e instanceof DomainError) || statusOf(e) >= 500) throw e;
            req.log.info({ reason: e.message }, 'wechat qr login event ignored');
          }
        }
        return reply.type('text/plain; charset=utf-8').send('success');
      },
    );
  });
};
