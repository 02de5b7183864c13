import './catalogue.ts';
import type { AuditEntry } from '@paperdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../utils/time.ts';
import { auditLog } from './api.ts';
import { FilterBar } from './FilterBar.tsx';
import { PagedTable, usePagedList } from './tables.tsx';
import { PageHero } from '../../shared/records/FormParts.tsx';
import './admin.css';

const ACTIONS = ['', 'library.', 'config.', 'user.', 'order.', 'job.'];
const show = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));

/** /admin/audit: every admin action, newest first, with the value before and after. */
export default function AuditAdmin() {
  const { t } = useTranslation('admin');
  const paged = usePagedList('audit', (paging, f) => auditLog(paging, f.action), { action: '' }, 20);
  return (
    <div className="svc-page adm-page">
      <PageHero title={t('audit.title')} subtitle={t('audit.subtitle')} />
      <section className="svc-card">
        <FilterBar
          choices={[
            {
              name: 'action',
              placeholder: t('audit.action'),
              value: paged.filters.action,
              width: 200,
              options: ACTIONS.map((a) => ({
                value: a,
                label: t(`audit.filter.${a.replace('.', '') || 'all'}`),
              })),
            },
          ]}
          onChange={(_, v) => paged.filter({ action: v ?? '' })}
        />
        <PagedTable<AuditEntry>
          paged={paged}
          scroll={{ x: 900 }}
          columns={[
            {
              title: t('audit.time'),
              dataIndex: 'createdAt',
              width: 150,
              render: (v: string) => formatTime(v, '{y}-{m}-{d} {h}:{i}:{s}'),
            },
            { title: t('audit.actor'), dataIndex: 'actorName', width: 130, ellipsis: true },
            {
              title: t('audit.action'),
              dataIndex: 'action',
              width: 150,
              render: (v: string) => <Tag color="blue">{t(`audit.actionOf.${v.replace('.', '_')}`, v)}</Tag>,
            },
            { title: t('audit.target'), dataIndex: 'target', width: 170, ellipsis: true },
            {
              title: t('audit.before'),
              dataIndex: 'before',
              render: (v: unknown) => <code className="adm-json">{show(v)}</code>,
            },
            {
              title: t('audit.after'),
              dataIndex: 'after',
              render: (v: unknown) => <code className="adm-json">{show(v)}</code>,
            },
          ]}
        />
      </section>
    </div>
  );
}
