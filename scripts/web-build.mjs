import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Builds the web app when apps/web/dist is missing or older than any web or contracts source. */
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/contracts/src',
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

export function webBuildIsFresh() {
  if (!fs.existsSync(dist)) return false;
  const built = fs.statSync(dist).mtimeMs;
  return sources.every((s) => newestMtime(path.join(root, s)) <= built);
}

export function ensureWebBuild() {
  if (webBuildIsFresh()) return false;
  console.log('正在构建前端（apps/web）…');
  execFileSync('npm', ['run', 'build', '-w', '@paperdesk/web'], { cwd: root, stdio: 'inherit' });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureWebBuild();
