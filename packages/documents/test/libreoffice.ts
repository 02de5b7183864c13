import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Headless LibreOffice for the round-trip tests: every .docx and .pptx the product writes must open in it.
 * `npm test` installs it (scripts/test-setup.sh); outside CI a machine without it skips those tests with the
 * reason printed, in CI (`CI` set) its absence fails them instead of passing silently.
 */
const probe = spawnSync('soffice', ['--version'], { encoding: 'utf8' });
export const hasSoffice = probe.status === 0;
export const sofficeRequired = Boolean(process.env.CI);
if (!hasSoffice) {
  const why = 'LibreOffice (soffice) is not on PATH';
  if (sofficeRequired)
    throw new Error(`${why}: CI must run the round trips (bash scripts/test-setup.sh installs it)`);
  console.log(`${why}: the LibreOffice round trips are skipped (bash scripts/test-setup.sh installs it)`);
}

/**
 * LibreOffice's first start creates its profile, which takes tens of seconds on a loaded 2-core machine (58 s at a
 * load average of 30): the tests allow for it.
 */
export const SOFFICE_TIMEOUT_MS = 300_000;

/**
 * Converts every file with one soffice run (its start-up dominates) and returns the converted files' bytes by
 * input name. `to` is a filter such as `txt:Text (encoded):UTF8` or `odp`.
 */
export async function convertWithSoffice(
  files: Record<string, Uint8Array>,
  to: string,
): Promise<Map<string, Buffer>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'soffice-roundtrip-'));
  try {
    const inputs = Object.entries(files).map(([name, bytes]) => {
      const file = path.join(dir, name);
      writeFileSync(file, bytes);
      return file;
    });
    // asynchronous: a blocked test worker misses vitest's RPC deadline on a loaded machine
    await promisify(execFile)(
      'soffice',
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        '--convert-to',
        to,
        '--outdir',
        path.join(dir, 'out'),
        ...inputs,
      ],
      { timeout: SOFFICE_TIMEOUT_MS },
    );
    const ext = to.split(':')[0] ?? to;
    return new Map(
      Object.keys(files).map((name) => [
        name,
        readFileSync(path.join(dir, 'out', name.replace(/\.[^.]+$/, `.${ext}`))),
      ]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
