/**
 * A plain HTML page a phone opens after scanning a QR (no app bundle, so it loads fast): the PaperDesk brand above
 * one card, in the look every such page shares plus the page's own `style`. `script` (the page's inline script, with
 * the response's CSP nonce) follows the page.
 */
export function phonePage(opts: { title: string; style: string; card: string; script?: string }): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${opts.title} · PaperDesk 论文工作台</title>
<style>
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f3f6fb;color:#1f2937}
main{max-width:420px;margin:0 auto;padding:32px 20px}
.brand{font-weight:600;color:#409EFF;margin-bottom:16px}
${opts.style}
</style></head><body><main>
<div class="brand">PaperDesk 论文工作台</div>
<div class="card">${opts.card}</div>
</main>${opts.script ?? ''}</body></html>`;
}
