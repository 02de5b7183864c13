import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ImportProgress, ImportSummary } from './import.ts';

/**
 * Where a `library:import` of a folder or .jsonl got to, kept in `<DATA_DIR>/library/imports/` while it runs
 * and removed when it finishes. A run that was cut off (kill, crash, power) leaves it behind: the next run of
 * the same path says exactly how far the last one got and goes on after it instead of reading everything again.
 * Written after each commit (atomic rename), so it never claims an item the database does not hold.
 */
export interface ImportJournal {
  target: string;
  startedAt: string;
  /** Items settled (stored, skipped as duplicates or failed) in walk / line order. */
  items: number;
  lastItem: string;
  summary: ImportSummary;
}

export function importJournal(dataDir: string, target: string) {
  const dir = path.join(dataDir, 'library', 'imports');
  const file = path.join(dir, `${createHash('sha256').update(target).digest('hex').slice(0, 16)}.json`);
  return {
    file,
    /** The cut-off run's journal for this path, if there is one. */
    read(): ImportJournal | null {
      try {
        const j = JSON.parse(fs.readFileSync(file, 'utf8')) as ImportJournal;
        return j.target === target ? j : null;
      } catch {
        return null;
      }
    },
    write(startedAt: string, progress: ImportProgress): void {
      fs.mkdirSync(dir, { recursive: true });
      const journal: ImportJournal = { target, startedAt, ...progress };
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(journal));
      fs.renameSync(tmp, file);
    },
    finish(): void {
      fs.rmSync(file, { force: true });
    },
  };
}
