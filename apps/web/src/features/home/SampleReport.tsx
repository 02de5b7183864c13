import { useTranslation } from 'react-i18next';
import { ArcRing } from '../../components/ArcRing.tsx';

const PARAGRAPHS = [
  { id: 'p1', w: 92, level: 'low' },
  { id: 'p2', w: 78, level: 'mid' },
  { id: 'p3', w: 96, level: 'low' },
  { id: 'p4', w: 64, level: 'high' },
  { id: 'p5', w: 88, level: 'low' },
] as const;

/** Illustration of what a report looks like; labelled 示例报告 (sample), not real data. */
export default function SampleReport() {
  const { t } = useTranslation('home');
  const ratio = 8.6;
  return (
    <div className="sample-report">
      <div className="sample-report__head">
        <span className="sample-report__tag">{t('sample.label')}</span>
        <span className="sample-report__title">{t('sample.title')}</span>
      </div>
      <div className="sample-report__body">
        <div className="sample-report__ring">
          <ArcRing
            size={120}
            r={46}
            arc={(c) => (c * ratio) / 100 + 18}
            trackClassName="ring-track"
            arcClassName="ring-value"
          />
          <div className="sample-report__ring-text">
            <strong>{ratio}%</strong>
            <span>{t('sample.total')}</span>
          </div>
        </div>
        <dl className="sample-report__metrics">
          <div>
            <dt>{t('sample.noQuote')}</dt>
            <dd>6.2%</dd>
          </div>
          <div>
            <dt>{t('sample.maxSingle')}</dt>
            <dd>3.1%</dd>
          </div>
          <div>
            <dt>{t('sample.overlap')}</dt>
            <dd>1,204</dd>
          </div>
        </dl>
      </div>
      <div className="sample-report__paras">
        <span className="sample-report__label">{t('sample.paragraphs')}</span>
        {PARAGRAPHS.map((p) => (
          <div className="sample-report__para" key={p.id}>
            <span className={`dot dot--${p.level}`} />
            <span className="bar" style={{ width: `${p.w}%` }}>
              <span className={`bar__hit bar__hit--${p.level}`} />
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
