#!/usr/bin/env node
/**
 * Issue 23's wiring counts, re-runnable by anyone: `node scripts/wire-counts.mjs` (add `--list` to see each hit).
 * - hand-typed web calls: `request<…>(` in apps/web/src outside tests and the client itself (utils/request.ts),
 *   i.e. a call not made from a contracts endpoint;
 * - hand-registered server routes: `app.get/post/put/delete/patch/route(` in apps/server/src/http/routes outside the
 *   route factories (routes/factory.ts), on the root instance or a scope of it (`scope.post(` …);
 * - back-up imports in apps/web/src: an import (static, re-export or lazy) from a lower layer to a higher one, or
 *   from one feature into another. Layers, low to high: base (utils, settings, locales, styles, access.ts) <
 *   store < shared, components, hooks < features < router (the route tree the features make up) < layout (which
 *   draws the tree's menus) < the app (App, main, router/index.tsx: the browser router with the layout).
 */
import fs from 'node:fs';
import path from 'node:path';

const list = process.argv.includes('--list');
const root = path.resolve(import.meta.dirname, '..');

function sources(dir, exclude = () => false) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p, exclude));
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !exclude(p)) out.push(p);
  }
  return out;
}

function hits(files, pattern) {
  const out = [];
  for (const f of files) {
    fs.readFileSync(f, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (pattern.test(line)) out.push(`${path.relative(root, f)}:${i + 1}: ${line.trim()}`);
      });
  }
  return out;
}

const web = path.join(root, 'apps/web/src');
const client = path.join(web, 'utils/request.ts');
const webCalls = hits(
  sources(web, (p) => p === client),
  /\brequest</,
);

const routesDir = path.join(root, 'apps/server/src/http/routes');
const factories = new Set(['factory.ts', 'records.ts']);
const serverRoutes = hits(
  sources(routesDir, (p) => factories.has(path.basename(p))),
  /\b(app|scope|plain|root)\.(get|post|put|delete|patch|route)\(/,
);

const RANK = {
  utils: 0,
  settings: 0,
  locales: 0,
  styles: 0,
  access: 0,
  'vite-env.d': 0,
  store: 1,
  shared: 2,
  components: 2,
  hooks: 2,
  features: 3,
  router: 4,
  layout: 5,
  App: 6,
  main: 6,
  app: 6,
};
/** The area of a file: `features/<name>` for a feature, else its top folder (or file) under src. */
function area(file) {
  const parts = path.relative(web, file).split(path.sep);
  if (parts[0] === 'features') return `features/${parts[1]}`;
  if (parts.join('/') === 'router/index.tsx') return 'app';
  return parts[0].replace(/\.tsx?$/, '');
}
const rank = (a) => RANK[a.startsWith('features/') ? 'features' : a];
const backUp = [];
for (const f of sources(web)) {
  const src = fs.readFileSync(f, 'utf8');
  for (const m of src.matchAll(/(?:from\s+|import\(\s*)['"](\.[^'"]+)['"]/g)) {
    const from = area(f);
    const to = area(path.resolve(path.dirname(f), m[1]));
    if (from === to) continue;
    const sideways = from.startsWith('features/') && to.startsWith('features/');
    if (sideways || rank(to) > rank(from))
      backUp.push(`${path.relative(root, f)} -> ${m[1]}  (${from} -> ${to})`);
  }
}

const show = (name, items) => {
  console.log(`${name}: ${items.length}`);
  if (list) for (const i of items) console.log(`  ${i}`);
};
show('hand-typed web API calls (request<T>)', webCalls);
show('hand-registered server routes (app/scope.get/post/route)', serverRoutes);
show('back-up imports in apps/web/src', backUp);
