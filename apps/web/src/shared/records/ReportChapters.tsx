import { LoadingOutlined } from '@ant-design/icons';
import { Progress, Switch } from 'antd';
import type { ReactNode } from 'react';

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
  title: string;
  onlySuspectLabel: string;
  onlySuspect: boolean;
  onOnlySuspect: (only: boolean) => void;
  legend: ReactNode;
  chapters: C[];
  /** The chapter's paragraphs to show (already filtered by `onlySuspect`). */
  paragraphsOf: (c: C) => P[];
  figure: (c: C) => { text: string; color: string };
  paragraph: (p: P) => ReactNode;
  /** Below the text: notes, disclaimer. */
  children?: ReactNode;
}) {
  return (
    <section className="svc-card">
      <h2 style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <span>{props.title}</span>
        <span className="svc-muted" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Switch size="small" checked={props.onlySuspect} onChange={props.onOnlySuspect} />{' '}
          {props.onlySuspectLabel}
        </span>
      </h2>
      <div className="ck-legend">{props.legend}</div>
      {props.chapters.map((c) => {
        const paras = props.paragraphsOf(c);
        if (props.onlySuspect && paras.length === 0) return null;
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
