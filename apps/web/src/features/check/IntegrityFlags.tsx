import { WarningOutlined } from '@ant-design/icons';
import type { CheckReport } from '@paperdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Characters shown as a dot where an invisible one sits, so the reader sees where the text was split. */
const INVISIBLE_RE = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g;
const SHOWN = 8;

/**
 * 检测提示: what the paper did to get past the check (Turnitin-style flags) — look-alike or invisible
 * characters (疑似字符替换) and hidden .docx text (隐藏文字) — with where, so a teacher can look.
 */
export function IntegrityFlags({ report }: { report: CheckReport }) {
  const { t } = useTranslation('check');
  const f = report.integrity;
  if (!f) return null;
  const tricks = f.substitutedChars + f.invisibleChars > 0;
  return (
    <section className="svc-card ck-flags" data-testid="integrity-flags">
      <h2>
        <WarningOutlined style={{ color: '#d9363e' }} /> {t('integrity.title')}
        {f.substitutedChars > 0 && (
          <Tag color="red">{t('integrity.substituted', { n: f.substitutedChars })}</Tag>
        )}
        {f.invisibleChars > 0 && <Tag color="red">{t('integrity.invisible', { n: f.invisibleChars })}</Tag>}
        {f.hiddenChars > 0 && <Tag color="volcano">{t('integrity.hidden', { n: f.hiddenChars })}</Tag>}
      </h2>
      {tricks && (
        <>
          <p className="svc-muted">{t('integrity.tricksNote')}</p>
          <ul className="ck-flags__list">
            {f.tricks.slice(0, SHOWN).map((x) => {
              const text = report.paragraphs[x.paragraph]?.text ?? '';
              const before = text.slice(Math.max(0, x.start - 8), x.start).replace(INVISIBLE_RE, '');
              const mark = text.slice(x.start, x.end).replace(INVISIBLE_RE, '·');
              const after = text.slice(x.end, x.end + 8).replace(INVISIBLE_RE, '');
              return (
                <li key={`${x.paragraph}:${x.start}`}>
                  <span className="svc-muted">
                    {t('integrity.at', { n: x.paragraph + 1 })} · {t(`integrity.kind.${x.kind}`)}
                    {x.reads ? ` · ${t('integrity.reads', { ch: x.reads })}` : ''}
                  </span>{' '}
                  …{before}
                  <mark className="ck-copy">{mark}</mark>
                  {after}…
                </li>
              );
            })}
          </ul>
        </>
      )}
      {f.hiddenChars > 0 && (
        <p>
          {t('integrity.hiddenNote', {
            how: f.hiddenReasons.map((r) => t(`integrity.how.${r}`)).join('、'),
            samples: f.hiddenSamples.map((s) => `“${s}”`).join('、'),
          })}
        </p>
      )}
    </section>
  );
}
