import type { BrowserContext, Page } from 'playwright-core';

/** One Content-Security-Policy violation the browser reported, with the page it happened on. */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
}

/**
 * Collects every CSP violation of a browser context: the `securitypolicyviolation` events of each
 * document (reported to Node at once, so a navigation cannot lose them) and console messages that
 * name the Content Security Policy (Chromium logs those also for violations no event reaches).
 * Call before opening pages; read `violations` whenever.
 */
export async function collectCspViolations(context: BrowserContext): Promise<CspViolation[]> {
  const violations: CspViolation[] = [];
  await context.exposeBinding('__pdReportCsp', ({ page }, v: Omit<CspViolation, 'page'>) => {
    violations.push({ page: page.url(), ...v });
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __pdReportCsp: (v: unknown) => void }).__pdReportCsp;
    document.addEventListener('securitypolicyviolation', (e) => {
      report({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
  const watch = (page: Page) =>
    page.on('console', (msg) => {
      const text = msg.text();
      if (text.includes('Content Security Policy'))
        violations.push({ page: page.url(), directive: 'console', blocked: text, source: msg.type() });
    });
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
  return violations;
}
