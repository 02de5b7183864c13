import type { PptSlidePreview, PptTemplate } from '@paperdesk/contracts';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

const FRAME_KINDS = new Set(['title', 'section', 'closing']);

/** Every slide as a small card in the template's colours: its kind, title and first lines. */
export default function SlidePreview({
  slides,
  template,
}: {
  slides: PptSlidePreview[];
  template: PptTemplate | null;
}) {
  const { t } = useTranslation('ppt');
  const c = template?.colors ?? {};
  const vars = {
    '--pp-primary': `#${c.primary ?? '1F3A68'}`,
    '--pp-accent': `#${c.accent ?? '4A90D9'}`,
    '--pp-on-primary': `#${c.onPrimary ?? 'FFFFFF'}`,
    '--pp-surface': `#${c.surface ?? 'EEF3FA'}`,
  } as CSSProperties;
  return (
    <ol className="pp-slides" style={vars} data-testid="pp-slides">
      {slides.map((s, i) => (
        // slides of a finished deck never reorder
        // biome-ignore lint/suspicious/noArrayIndexKey: the page number is the identity
        <li key={i} className={`pp-slide${FRAME_KINDS.has(s.kind) ? ' is-frame' : ''}`}>
          <div className="pp-slide__meta">
            <span>{i + 1}</span>
            <span>{t(`preview.kind.${s.kind}`, { defaultValue: s.kind })}</span>
          </div>
          <div className="pp-slide__title">{s.title}</div>
          <ul className="pp-slide__lines">
            {s.lines.slice(0, 5).map((l, k) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are fixed text
              <li key={k}>{l}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
