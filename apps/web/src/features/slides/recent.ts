import { queryPpts } from './api.ts';
import i18n from '../../locales/index.ts';
import type { RecentSource } from '../home/recent.ts';
import { deckPath } from './routes.ts';

/** The home page's "recent records": the latest decks. */
export const pptRecent: RecentSource = {
  key: 'ppt',
  async load(limit) {
    const page = await queryPpts({ pageNo: 1, pageSize: limit }, {}, true);
    return page.result.records.map((r) => ({
      key: `ppt:${r.id}`,
      service: 'home:services.ppt.name',
      title: r.topic,
      status: i18n.t(`ppt:status.${r.status}`),
      time: r.createdAt,
      to: deckPath(r.id),
    }));
  },
};
