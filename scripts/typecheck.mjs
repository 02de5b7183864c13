import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * `npm run typecheck`: `tsc --noEmit` over every project listed in the root tsconfig.json, two at a
 * time. Workspaces import each other as TypeScript source, so each project checks what it uses.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const { references } = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8'));
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const queue = references.map((r) => r.path);
let failed = false;
async function next() {
  const project = queue.shift();
  if (!project) return;
  try {
    await run(process.execPath, [tsc, '-p', project, '--noEmit'], { cwd: root, maxBuffer: 64 << 20 });
    console.log(`✓ ${project}`);
  } catch (err) {
    failed = true;
    console.log(`✗ ${project}\n${err.stdout}${err.stderr}`);
  }
  return next();
}
await Promise.all([next(), next()]);
process.exit(failed ? 1 : 0);
