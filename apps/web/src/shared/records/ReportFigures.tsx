import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ArcRing } from '../../components/ArcRing.tsx';
import { useAppStore } from '../../store/app.ts';
import { num, pct } from '../format.ts';

/** The figures a report draws: the big ratio ring, a ratio bar, and the chapter table. */

export function RatioRing(props: { ratio: number; color: string; label: string; testId: string }) {
  return (
    <div className="ck-ring">
      <ArcRing
        size={180}
        r={78}
        arc={(c) => Math.max(0.001, c * props.ratio)}
        trackClassName="track"
        stroke={props.color}
        round
      />
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

/**
 * The card with a report's chapter table: the chapter's title, (not on phones) its length in characters, the
 * domain's own columns (`before` and `after` the ratio, told whether the screen is a phone) and its ratio as a
 * bar and a figure (coloured too when `colorText`).
 */
export function ChapterTable<C extends { index: number; title: string; chars: number }>(props: {
  /** The namespace holding `report.chapters` and `report.col.chapter|chars|ratio`. */
  ns: string;
  chapters: C[];
  charsWidth: number;
  /** The ratio column's width on phones and elsewhere. */
  ratioWidth: [number, number];
  ratio: (c: C) => { ratio: number; color: string; text: string };
  colorText?: boolean;
  before?: (mobile: boolean) => ColumnsType<C>;
  after?: (mobile: boolean) => ColumnsType<C>;
}) {
  const { t } = useTranslation(props.ns);
  const mobile = useAppStore((s) => s.device === 'mobile');
  const columns: ColumnsType<C> = [{ title: t('report.col.chapter'), dataIndex: 'title', ellipsis: true }];
  if (!mobile)
    columns.push({
      title: t('report.col.chars'),
      dataIndex: 'chars',
      width: props.charsWidth,
      align: 'right',
      render: (n: number) => num(n),
    });
  columns.push(...(props.before?.(mobile) ?? []), {
    title: t('report.col.ratio'),
    key: 'ratio',
    width: props.ratioWidth[mobile ? 0 : 1],
    render: (_: unknown, c) => {
      const r = props.ratio(c);
      return (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <RatioBar ratio={r.ratio} color={r.color} />
          <span
            className="ck-ratio"
            style={{ color: props.colorText ? r.color : undefined, minWidth: 48, textAlign: 'right' }}
          >
            {r.text}
          </span>
        </div>
      );
    },
  });
  columns.push(...(props.after?.(mobile) ?? []));
  return (
    <section className="svc-card">
      <h2>{t('report.chapters')}</h2>
      <Table size="small" rowKey="index" pagination={false} dataSource={props.chapters} columns={columns} />
    </section>
  );
}
