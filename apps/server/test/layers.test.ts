import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md's layer rule, kept by the code: every relative import of apps/server/src is read with the
 * compiler's own scanner (imports, type imports, re-exports, dynamic imports) and checked against what its layer
 * may not reach. `errors.ts` and `queue.ts` sit below every layer: anyone may import them.
 */
const SRC = resolve(import.meta.dirname, '../src');

/** A layer (first folder, or a top-level file) → the layers it must not import. */
const FORBIDDEN: Record<string, string[]> = {
  http: ['jobs'],
  services: ['http', 'jobs'],
  jobs: ['http', 'services', 'integrations', 'compute'],
  compute: ['http', 'services', 'jobs', 'integrations'],
  integrations: ['http', 'services', 'jobs', 'compute'],
  db: ['http', 'services', 'jobs', 'compute'],
  'errors.ts': ['http', 'services', 'jobs', 'compute', 'integrations', 'db'],
  'queue.ts': ['http', 'services', 'jobs', 'compute', 'integrations', 'db'],
};

const layerOf = (path: string) => relative(SRC, path).split('/')[0] ?? '';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function brokenImports(): string[] {
  return sourceFiles(SRC).flatMap((file) => {
    const forbidden = FORBIDDEN[layerOf(file)] ?? [];
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    return importedFiles
      .filter((imported) => imported.fileName.startsWith('.'))
      .filter((imported) => forbidden.includes(layerOf(resolve(dirname(file), imported.fileName))))
      .map((imported) => `${relative(SRC, file)} → ${imported.fileName}`);
  });
}

describe('server layers', () => {
  it('import only downwards: services never reach http/ or jobs/, jobs/ (the queue) nothing above it', () => {
    expect(brokenImports()).toEqual([]);
  });
});
