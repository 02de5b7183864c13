import { CheckCircleFilled } from '@ant-design/icons';
import type { PptTemplate } from '@paperdesk/contracts';
import { Skeleton } from 'antd';

/** The server's SVG preview as an image (never inserted as markup). */
export const svgSrc = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** Template cards with their title-slide previews; `compact` is the switcher strip under a finished deck. */
export default function TemplateGallery(props: {
  templates: PptTemplate[];
  value: string;
  onChange: (t: PptTemplate) => void;
  loading?: boolean;
  compact?: boolean;
}) {
  if (props.loading) return <Skeleton.Button active block style={{ height: 160 }} />;
  return (
    <div className={`pp-gallery${props.compact ? ' pp-gallery--compact' : ''}`}>
      {props.templates.map((t) => {
        const active = t.id === props.value;
        return (
          <button
            key={t.id}
            type="button"
            aria-pressed={active}
            className={`pp-tpl${active ? ' is-active' : ''}`}
            onClick={() => props.onChange(t)}
            data-testid={`pp-tpl-${t.id}`}
          >
            <img src={svgSrc(t.preview)} alt={t.name} loading="lazy" />
            <span className="pp-tpl__name">
              <i style={{ background: `#${t.colors.primary}` }} />
              {t.name}
              {active && <CheckCircleFilled className="pp-tpl__check" />}
            </span>
            {!props.compact && <span className="pp-tpl__desc">{t.description}</span>}
          </button>
        );
      })}
    </div>
  );
}
