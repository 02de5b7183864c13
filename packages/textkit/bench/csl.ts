/**
 * The human-written CSL abstracts in the data folder beside the repository (`../shared/data`, read at run time,
 * never copied): the one reader the benches and the seed build share.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface HumanAbstract {
  /** Its file in csl_human_abstracts_zh, its domain there and its place in that domain's list. */
  file: string;
  domain: string;
  index: number;
  title: string;
  abstract: string;
}

/** csl_human_abstracts_zh/*.json: file by file in name order, each file's domains and papers in their order. */
export function readHumanAbstracts(dataDir: string): HumanAbstract[] {
  const dir = path.join(dataDir, 'csl_human_abstracts_zh');
  const out: HumanAbstract[] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const byDomain = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<
      string,
      { title: string; abstract: string }[]
    >;
    for (const [domain, papers] of Object.entries(byDomain))
      papers.forEach(({ title, abstract }, index) => {
        out.push({ file, domain, index, title, abstract });
      });
  }
  return out;
}
