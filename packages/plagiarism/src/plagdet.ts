/**
 * PAN text-alignment measures (Potthast et al., "An Evaluation Framework for Plagiarism Detection", 2010):
 * character-level macro precision and recall, granularity, and plagdet = F1 / log2(1 + granularity).
 * A case and a detection are each a pair of ranges (suspicious document, source document); a detection detects a
 * case when both ranges overlap in the same documents. Characters are counted on both sides.
 */
export interface PlagdetCase {
  suspId: string;
  suspStart: number;
  suspEnd: number;
  srcId: string;
  srcStart: number;
  srcEnd: number;
}

export type Detection = PlagdetCase;

export interface PlagdetScore {
  precision: number;
  recall: number;
  granularity: number;
  f1: number;
  plagdet: number;
  cases: number;
  detections: number;
  detectedCases: number;
}

interface Range {
  start: number;
  end: number;
}

function unionLength(ranges: Range[]): number {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  let total = 0;
  let curS = -1;
  let curE = -1;
  for (const r of sorted) {
    if (r.start > curE) {
      total += curE - curS;
      curS = r.start;
      curE = r.end;
    } else curE = Math.max(curE, r.end);
  }
  return total + (curE - curS);
}

function overlap(a: Range, b: Range): Range {
  return { start: Math.max(a.start, b.start), end: Math.min(a.end, b.end) };
}

function detects(r: Detection, s: PlagdetCase): boolean {
  return (
    r.suspId === s.suspId &&
    r.srcId === s.srcId &&
    r.suspStart < s.suspEnd &&
    s.suspStart < r.suspEnd &&
    r.srcStart < s.srcEnd &&
    s.srcStart < r.srcEnd
  );
}

const susp = (x: PlagdetCase): Range => ({ start: x.suspStart, end: x.suspEnd });
const src = (x: PlagdetCase): Range => ({ start: x.srcStart, end: x.srcEnd });
const size = (x: PlagdetCase) => x.suspEnd - x.suspStart + (x.srcEnd - x.srcStart);

export function plagdet(cases: PlagdetCase[], detections: Detection[]): PlagdetScore {
  const byPair = new Map<string, Detection[]>();
  for (const r of detections) {
    const key = `${r.suspId}\u0000${r.srcId}`;
    const list = byPair.get(key);
    if (list) list.push(r);
    else byPair.set(key, [r]);
  }
  const casesByPair = new Map<string, PlagdetCase[]>();
  for (const s of cases) {
    const key = `${s.suspId}\u0000${s.srcId}`;
    const list = casesByPair.get(key);
    if (list) list.push(s);
    else casesByPair.set(key, [s]);
  }
  let recallSum = 0;
  let detected = 0;
  let granSum = 0;
  for (const s of cases) {
    const rs = (byPair.get(`${s.suspId}\u0000${s.srcId}`) ?? []).filter((r) => detects(r, s));
    if (rs.length === 0) continue;
    detected++;
    granSum += rs.length;
    const covered =
      unionLength(rs.map((r) => overlap(susp(r), susp(s)))) +
      unionLength(rs.map((r) => overlap(src(r), src(s))));
    recallSum += covered / size(s);
  }
  let precisionSum = 0;
  for (const r of detections) {
    const ss = (casesByPair.get(`${r.suspId}\u0000${r.srcId}`) ?? []).filter((s) => detects(r, s));
    if (ss.length === 0) continue;
    const covered =
      unionLength(ss.map((s) => overlap(susp(r), susp(s)))) +
      unionLength(ss.map((s) => overlap(src(r), src(s))));
    precisionSum += covered / size(r);
  }
  const recall = cases.length > 0 ? recallSum / cases.length : 0;
  const precision = detections.length > 0 ? precisionSum / detections.length : 0;
  const granularity = detected > 0 ? granSum / detected : 1;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return {
    precision,
    recall,
    granularity,
    f1,
    plagdet: f1 / Math.log2(1 + granularity),
    cases: cases.length,
    detections: detections.length,
    detectedCases: detected,
  };
}
