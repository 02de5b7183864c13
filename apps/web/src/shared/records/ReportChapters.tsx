import { LoadingOutlined } from '@ant-design/icons';
import { Progress, Switch } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The report views' shared pieces: the full text read chapter by chapter (a band with the chapter's figure, then
 * its paragraphs, optionally only the suspect ones) and the progress card shown while a record runs. What a
 * paragraph looks like and which ones are suspect stay with each domain.
 */

interface Chapter {
  index: number;
  title: string;
}

export function ReportChapters<C extends Chapter, P extends { index: number }>(props: {
  /** The namespace holding `report.fullText` and `report.onlySuspect`. */
  ns: string;
  legend: ReactNode;
  chapters: C[];
  /** The chapter's paragraphs to show: all, or only the suspect ones. */
  paragraphsOf: (c: C, onlySuspect: boolean) => P[];
  figure: (c: C) => { text: string; color: string };
  paragraph: (p: P) => ReactNode;
  /** Below the text: notes, disclaimer. */
  children?: ReactNode;
}) {
  const { t } = useTranslation(props.ns);
  const [onlySuspect, setOnlySuspect] = useState(false);
  return (
    <section className="svc-card">
      <h2 style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <span>{t('report.fullText')}</span>
        <span className="svc-muted" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Switch size="small" checked={onlySuspect} onChange={setOnlySuspect} /> {t('report.onlySuspect')}
        </span>
      </h2>
      <div className="ck-legend">{props.legend}</div>
      {props.chapters.map((c) => {
        const paras = props.paragraphsOf(c, onlySuspect);
        if (onlySuspect && paras.length === 0) return null;
        const figure = props.figure(c);
        return (
          <div key={c.index}>
            <div className="ck-chapter">
              <span>{c.title}</span>
              <span style={{ color: figure.color }}>{figure.text}</span>
            </div>
            {paras.map((p) => props.paragraph(p))}
          </div>
        );
      })}
      {props.children}
    </section>
  );
}

/** The card a running record shows: its progress, status and what is being worked on. */
export function ProgressCard(props: {
  testId: string;
  percent: number;
  statusLabel: string;
  waiting: string;
  tag: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="ck-progress-card" data-testid={props.testId}>
      <Progress type="circle" percent={props.percent} size={140} />
      <h2 style={{ justifyContent: 'center', marginTop: 18 }}>
        <LoadingOutlined /> {props.statusLabel}
      </h2>
      <p className="svc-muted">{props.waiting}</p>
      {props.tag}
      {props.children}
    </div>
  );
}
