import type { OrderView } from '@paperdesk/contracts';
import { SANDBOX_NOTICE } from '../integrations/payments/sandbox.ts';
import { phonePage } from './phone-page.ts';

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The page a phone opens after scanning a 测试支付 QR: shows the order and a button that marks it paid.
 * Plain HTML like the QR-login page, no app bundle. No money moves; the page says so. `nonce` is the
 * response's CSP script nonce: the policy runs no inline script without it.
 */
export function sandboxPayPage(order: OrderView | null, nonce: string): string {
  const body = !order
    ? '<h1>订单不存在</h1><p>测试支付未启用，或订单号有误。</p>'
    : `<div class="notice" role="alert">${SANDBOX_NOTICE}</div>
  <div class="tag">测试支付</div>
  <h1>${esc(order.subject)}</h1>
  <div class="amount">¥ ${(order.amountFen / 100).toFixed(2)}</div>
  <p class="muted">订单号 ${esc(order.orderNo)}</p>
  <div id="state" data-status="${order.status}"></div>
  <button id="pay" class="hidden">确认支付（测试）</button>
  <div id="msg" class="msg"></div>
  <script nonce="${nonce}">
  const orderNo = ${JSON.stringify(order.orderNo)};
  const state = document.getElementById('state'), pay = document.getElementById('pay'), msg = document.getElementById('msg');
  const texts = { created: '待支付', paid: '已支付，正在到账…', fulfilled: '支付成功，已到账。请回到电脑查看。', expired: '订单已过期，请回到电脑上重新下单。', refunded: '订单已退款。' };
  function show(s) { state.textContent = texts[s] || s; state.className = 'state ' + s; pay.classList.toggle('hidden', s !== 'created'); }
  show(state.dataset.status);
  pay.onclick = async () => {
    pay.disabled = true; msg.textContent = '';
    try {
      const res = await fetch('/api/order/order_info_api/f/sandbox_pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ orderNo }) });
      const data = await res.json();
      if (!res.ok) throw new Error(data.message || '支付失败');
      show(data.result.status);
    } catch (e) { msg.textContent = e.message; } finally { pay.disabled = false; }
  };
  </script>`;
  return phonePage({
    title: '测试支付',
    style: `.card{background:#fff;border-radius:14px;padding:24px;box-shadow:0 6px 24px rgba(15,35,95,.08);text-align:center}
h1{font-size:18px;margin:12px 0 6px}.muted{color:#6b7280;font-size:13px}
.amount{font-size:34px;font-weight:700;color:#f5222d;margin:12px 0}
.notice{background:#fff7e6;color:#ad4e00;border:1px solid #ffd591;border-radius:8px;padding:8px 12px;font-size:14px;margin-bottom:12px;text-align:left}
.tag{display:inline-block;background:#fff7e6;color:#d46b08;border:1px solid #ffd591;border-radius:6px;padding:2px 10px;font-size:13px}
button{width:100%;height:46px;border:0;border-radius:8px;background:#11a983;color:#fff;font-size:16px;margin-top:16px}
.state{margin-top:12px;font-size:15px}.state.fulfilled{color:#11a983;font-weight:600}.state.expired{color:#f5222d}
.msg{min-height:20px;font-size:14px;color:#f5222d;margin-top:10px}.hidden{display:none}`,
    card: body,
  });
}
