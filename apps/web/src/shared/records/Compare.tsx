import { Segmented } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './compare.css';

/** A rewrite beside its original, imported as `Compare` (`Compare.Toolbar`, `Compare.Head`, `Compare.Legend`). */

/** How a rewrite is shown: paragraph by paragraph beside the original, or the rewritten text alone. */
export type View = 'compare' | 'text';

/** The bar over a rewrite (降重 result, whole-paper 降重 / 降AIGC): the view switch, then `children`. */
export function Toolbar(props: { view: View; onView: (view: View) => void; children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="svc-toolbar">
      <Segmented<View>
        value={props.view}
        onChange={props.onView}
        options={[
          { value: 'compare', label: t('compare.view.compare') },
          { value: 'text', label: t('compare.view.text') },
        ]}
      />
      {props.children}
    </div>
  );
}

/** The swatch telling what the green marks in the rewrite are. */
export function Legend() {
  const { t } = useTranslation('common');
  return (
    <span className="svc-muted">
      <mark className="cmp-legend" /> {t('compare.legend')}
    </span>
  );
}

/** The column heads over the pairs: 原文 | 改写后. */
export function Head() {
  const { t } = useTranslation('common');
  return (
    <div className="cmp-pair cmp-head">
      <div>{t('compare.before')}</div>
      <div>{t('compare.after')}</div>
    </div>
  );
}
