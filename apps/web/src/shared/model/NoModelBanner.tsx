import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { loadAllByEntity } from '../api/sysConfig.ts';
import { queryKeys } from '../records/queries.ts';

/** The AI features the server lists in its public `feature.llm` entry. */
export type ModelFeature = 'chat' | 'writing' | 'rewrite' | 'aigc' | 'ppt';

/**
 * Whether a model serves `feature`, from the public `feature.llm` entry the server writes at start: undefined while
 * unknown, so a page neither promises nor refuses before it knows. Read silently: no toast, no error-log entry.
 */
export function useModelFeature(feature: ModelFeature): { available: boolean | undefined; message: string } {
  const q = useModelFeatures();
  if (!q.data) return { available: undefined, message: '' };
  return { available: q.data.features[feature] === true, message: q.data.message };
}

/** Every AI feature's availability at once (the package page's price list); `data` undefined while unknown. */
export function useModelFeatures() {
  return useQuery({
    // its own key: other pages cache the same entry under `feature.llm` in other shapes
    queryKey: queryKeys.sysConfig('feature.llm#features'),
    queryFn: async () => {
      const entry = (await loadAllByEntity({ prefix: 'feature.' }, { silent: true })).result.find(
        (e) => e.key === 'feature.llm',
      );
      const value = entry?.value as { features?: Record<string, boolean>; message?: string } | undefined;
      return { features: value?.features ?? {}, message: value?.message ?? '' };
    },
    staleTime: 60_000,
  });
}

/**
 * The one "no model configured" banner (issue 26 item 4): every page whose work needs a model (论文写作, PPT, AI助手,
 * the model path of 降重 / 降AIGC) says so on arrival, the same way, before the user fills anything in.
 */
export function NoModelBanner(props: { feature: ModelFeature; testId?: string; className?: string }) {
  const { t } = useTranslation('common');
  const model = useModelFeature(props.feature);
  if (model.available !== false) return null;
  return (
    <Alert
      className={props.className ?? 'no-model-banner'}
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('noModel.title', { feature: t(`noModel.feature.${props.feature}`) })}
      description={t('noModel.body')}
      data-testid={props.testId ?? 'no-model-banner'}
    />
  );
}
