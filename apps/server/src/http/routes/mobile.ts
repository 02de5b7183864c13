import { z } from 'zod';
import { scriptNonce } from '../csp.ts';
import { phonePage } from '../phone-page.ts';
import type { RouteModule } from './types.ts';

/**
 * The page a phone opens after scanning the self-hosted login QR. Plain HTML (no app bundle) so it
 * loads fast on a phone: a signed-in phone is shown where and when the sign-in was requested and confirms it
 * deliberately (a box to tick, then 确认登录); otherwise it signs in or registers first.
 */
export const mobileRoutes: RouteModule = (app) => {
  // an HTML page, not an API call: no contracts endpoint, hidden from the API docs
  app.get(
    '/m/qr/:id',
    { schema: { hide: true, params: z.object({ id: z.string().max(100) }) } },
    async (_req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page(scriptNonce(reply))),
  );
};

/** The page; its inline script carries this response's CSP nonce. */
const page = (nonce: string) =>
  phonePage({
    title: '扫码登录',
    style: `.card{background:#fff;border-radius:14px;padding:24px;box-shadow:0 6px 24px rgba(15,35,95,.08)}
h1{font-size:20px;margin:0 0 6px}p{color:#6b7280;font-size:14px;line-height:1.6}
input{width:100%;box-sizing:border-box;height:44px;border:1px solid #d1d5db;border-radius:8px;padding:0 12px;font-size:16px;margin:8px 0}
button{width:100%;height:46px;border:0;border-radius:8px;background:#409EFF;color:#fff;font-size:16px;margin-top:12px}
button.secondary{background:#fff;color:#409EFF;border:1px solid #409EFF}
.msg{min-height:20px;font-size:14px;color:#f5222d;margin-top:10px}.ok{color:#11a983}
.hidden{display:none}
.req{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:12px 0;font-size:14px}.req dt{color:#6b7280}.req dd{margin:0;color:#111827}
.warn{color:#b45309;background:#fffbeb;border-radius:8px;padding:8px 10px}
.ack{display:flex;align-items:center;gap:8px;font-size:15px;margin-top:8px}.ack input{width:18px;height:18px;margin:0}
button:disabled{opacity:.45}`,
    card: `
  <section id="confirm" class="hidden">
    <h1>确认登录电脑端</h1>
    <p>当前账号：<b id="who"></b>。确认后，发起请求的电脑将登录此账号。</p>
    <dl class="req">
      <dt>请求时间</dt><dd id="req-at"></dd>
      <dt>请求网络</dt><dd id="req-net"></dd>
      <dt>浏览器</dt><dd id="req-browser"></dd>
    </dl>
    <p class="warn">只在你本人正在操作这台电脑时确认。别人发来的登录二维码或链接，确认后对方就能使用你的账号。</p>
    <label class="ack"><input id="ack" type="checkbox"> 这是我本人正在登录的电脑</label>
    <button id="btn-confirm" disabled>确认登录</button>
    <button id="btn-switch" class="secondary">切换账号</button>
  </section>
  <section id="signin" class="hidden">
    <h1>登录后确认</h1>
    <p>请先在手机上登录或注册账号，再确认电脑端登录。</p>
    <input id="username" autocomplete="username" placeholder="请输入用户名" maxlength="32">
    <input id="password" type="password" autocomplete="current-password" placeholder="请输入密码（注册需至少 8 位）" maxlength="128">
    <button id="btn-login">登录</button>
    <button id="btn-register" class="secondary">注册新账号</button>
  </section>
  <section id="done" class="hidden"><h1 class="ok">已确认</h1><p>请回到电脑查看，此页面可以关闭。</p></section>
  <div id="msg" class="msg"></div>
`,
    script: `
<script nonce="${nonce}">
const id = location.pathname.split('/').pop();
const KEY = 'Admin-Token';
const $ = (s) => document.getElementById(s);
const show = (s) => { for (const x of ['confirm','signin','done']) $(x).classList.toggle('hidden', x !== s); };
const say = (t) => { $('msg').textContent = t || ''; };
async function call(path, body) {
  const token = localStorage.getItem(KEY);
  const res = await fetch('/api/base/login_api/' + path, { method: 'POST',
    headers: Object.assign({ 'content-type': 'application/json' }, token ? { authorization: 'Bearer ' + token } : {}),
    body: JSON.stringify(body || {}) });
  const data = await res.json().catch(() => ({ message: '网络错误' }));
  if (!res.ok) throw new Error(data.message || '操作失败');
  return data.result;
}
const when = (iso) => new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
async function refresh() {
  const user = localStorage.getItem(KEY) ? await call('current').catch(() => null) : null;
  if (!user) return show('signin');
  $('who').textContent = user.loginName + '（ID ' + user.id + '）';
  try {
    const req = await call('qr_request', { id });
    $('req-at').textContent = when(req.requestedAt) + '（北京时间）';
    $('req-net').textContent = req.network;
    $('req-browser').textContent = req.browser;
    show('confirm');
  } catch (e) { show('none'); say(e.message); }
}
async function signIn(path) {
  say('');
  try {
    const r = await call(path, { username: $('username').value.trim(), password: $('password').value });
    localStorage.setItem(KEY, r.access_token); await refresh();
  } catch (e) { say(e.message); }
}
$('btn-login').onclick = () => signIn('f/login');
$('btn-register').onclick = () => signIn('f/register');
$('btn-switch').onclick = () => { localStorage.removeItem(KEY); show('signin'); };
$('ack').onchange = () => { $('btn-confirm').disabled = !$('ack').checked; };
$('btn-confirm').onclick = async () => {
  say('');
  if (!$('ack').checked) return;
  try { await call('qr_confirm', { id }); show('done'); } catch (e) { say(e.message); }
};
refresh();
</script>`,
  });
