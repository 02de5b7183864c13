import type { ColumnsType } from 'antd/es/table';
import { num, pct } from '../format.ts';

/** The figures a report draws: the big ratio ring, a ratio bar, and the chapter table's first columns. */

export function RatioRing(props: { ratio: number; color: string; label: string; testId: string }) {
  const r = 78;
  const c = 2 * Math.PI * r;
  return (
    <div className="ck-ring">
      <svg viewBox="0 0 180 180" width="180" height="180" aria-hidden="true">
        <circle cx="90" cy="90" r={r} className="track" />
        <circle
          cx="90"
          cy="90"
          r={r}
          stroke={props.color}
          strokeLinecap="round"
          strokeDasharray={`${Math.max(0.001, c * props.ratio)} ${c}`}
          transform="rotate(-90 90 90)"
        />
      </svg>
      <div className="ck-ring__text">
        <strong style={{ color: props.color }} data-testid={props.testId}>
          {pct(props.ratio)}
        </strong>
        <span>{props.label}</span>
      </div>
    </div>
  );
}

export function RatioBar(props: { ratio: number; color: string }) {
  return (
    <div className="ck-bar">
      <i style={{ width: `${Math.min(100, props.ratio * 100)}%`, background: props.color }} />
    </div>
  );
}

/** The chapter's title and (not on phones) its length in characters. */
export function chapterColumns<C extends { title: string; chars: number }>(
  labels: { chapter: string; chars: string },
  mobile: boolean,
  charsWidth: number,
): ColumnsType<C> {
  return [
    { title: labels.chapter, dataIndex: 'title', ellipsis: true },
    ...(mobile
      ? []
      : [
          {
            title: labels.chars,
            dataIndex: 'chars',
            width: charsWidth,
            align: 'right' as const,
            render: (n: number) => num(n),
          },
        ]),
  ];
}
