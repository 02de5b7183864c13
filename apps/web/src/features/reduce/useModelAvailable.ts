import { useQuery } from '@tanstack/react-query';
import { loadById } from '../../shared/api/sysConfig.ts';

/**
 * Whether the server has a model for rewriting: the word count's answer once there is one, before that the
 * public `feature.llm` entry the server writes at start (false until known: never promise a model).
 */
export function useModelAvailable(count: { modelAvailable: boolean } | undefined): boolean {
  const feature = useQuery({
    queryKey: ['sysConfig', 'feature.llm'],
    staleTime: 60_000,
    queryFn: async () => {
      const value: unknown = (await loadById('feature.llm', { silent: true })).result.value;
      const features = (value as { features?: Record<string, unknown> } | null)?.features;
      return features?.rewrite === true;
    },
  });
  return count?.modelAvailable ?? feature.data ?? false;
}
