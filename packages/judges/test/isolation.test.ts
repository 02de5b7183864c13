import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Every source file under packages/<x>/src and apps/<x>/src (the product), except this package's own. */
function productSources(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules') walk(p);
      } else if (/\.(ts|tsx|mts|js|mjs)$/.test(e.name)) out.push(p);
    }
  };
  for (const area of ['packages', 'apps'])
    for (const ws of fs.readdirSync(path.join(root, area))) {
      if (area === 'packages' && ws === 'judges') continue;
      const src = path.join(root, area, ws, 'src');
      if (fs.existsSync(src)) walk(src);
    }
  return out;
}

describe('the held-out judges stay out of the product', () => {
  it('finds the product sources it guards', () => {
    const files = productSources();
    expect(files.some((f) => f.includes(`${path.sep}rewrite${path.sep}src${path.sep}`))).toBe(true);
    expect(files.some((f) => f.includes(`${path.sep}server${path.sep}src${path.sep}`))).toBe(true);
  });

  it('no file under packages/*/src or apps/*/src imports @paperdesk/judges or packages/judges', () => {
    const offenders = productSources().filter((f) =>
      /@paperdesk\/judges|packages\/judges|\.\.\/judges\//.test(fs.readFileSync(f, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('no product workspace lists it as a dependency', () => {
    const offenders: string[] = [];
    for (const area of ['packages', 'apps'])
      for (const ws of fs.readdirSync(path.join(root, area))) {
        const file = path.join(root, area, ws, 'package.json');
        if (ws === 'judges' || !fs.existsSync(file)) continue;
        const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { dependencies?: Record<string, string> };
        if (pkg.dependencies?.['@paperdesk/judges']) offenders.push(`${area}/${ws}`);
      }
    expect(offenders).toEqual([]);
  });
});
