import { CheckCircleFilled, ClockCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import type { ReduceContent, ReduceDetail } from '@paperdesk/contracts';
import { Progress as Bar } from 'antd';
import { useTranslation } from 'react-i18next';
import { ScoreChange } from './ParagraphView.tsx';

const SNIPPET = 48;

/**
 * While the job runs: the overall bar and each paragraph to rewrite, done (with its scores before → after),
 * being rewritten, or waiting. The paragraphs come from the content, asked again as each one finishes.
 */
export function Progress({ record, content }: { record: ReduceDetail; content: ReduceContent | undefined }) {
  const { t } = useTranslation('reduce');
  const targeted = (content?.paragraphs ?? []).filter((p) => p.state !== 'skipped');
  return (
    <section className="svc-card rd-progress" data-testid="rd-progress">
      <div className="rd-progress__head">
        <LoadingOutlined className="rd-progress__icon" />
        <div>
          <strong>
            {record.status === 'queued'
              ? t('content.queued')
              : t('content.running', { done: record.doneParagraphs, total: record.targetParagraphs })}
          </strong>
          <Bar percent={record.progress} status="active" />
        </div>
      </div>
      {targeted.length > 0 && (
        <ol className="rd-steps">
          {targeted.map((p) => {
            const running = p.state === 'waiting' && record.currentParagraph === p.index;
            const text = p.original.length > SNIPPET ? `${p.original.slice(0, SNIPPET)}…` : p.original;
            return (
              <li
                key={p.index}
                className={`rd-step is-${running ? 'running' : p.state}`}
                data-testid="rd-step"
              >
                <span className="rd-step__icon">
                  {p.state === 'done' ? (
                    <CheckCircleFilled />
                  ) : running ? (
                    <LoadingOutlined />
                  ) : (
                    <ClockCircleOutlined />
                  )}
                </span>
                <span className="rd-step__text">{text}</span>
                <span className="rd-step__state">
                  {p.state === 'done' ? (
                    (['similarity', 'aigc'] as const).map((m) => (
                      <ScoreChange
                        key={m}
                        metric={m}
                        before={p.before}
                        after={p.after}
                        target={record.targets[m]}
                      />
                    ))
                  ) : (
                    <span className="svc-muted">
                      {t(running ? 'content.paraRunning' : 'content.paraPending')}
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
