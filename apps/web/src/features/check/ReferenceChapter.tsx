import type { CheckReport } from '@paperdesk/contracts';
import { ReferenceResult } from '../../shared/references/ReferenceResult.tsx';

/** The report's 参考文献核查 chapter: the paper's list as the standalone check shows a list (reports before it have none). */
export function ReferenceChapter({ report }: { report: CheckReport }) {
  return report.references ? <ReferenceResult result={report.references} testId="reference-chapter" /> : null;
}
