import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Popconfirm, Progress, Select, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppStore } from '../../store/app.ts';
import { isActive, STATUS_COLORS } from './status.ts';
import { RECORD_STATUSES, type RecordStatus } from './status.ts';
import type { RecordList } from './useRecordList.ts';
import './records.css';

/**
 * The pieces of a records page. Each finds its texts under the same keys (`records.*`, `status.*`) in the
 * page's i18n namespace: `rec.ns`, or `ns` for the status tags; what every service says alike (去支付 / 查看)
 * comes from `common:records`.
 */

type AnyRecordList = Pick<
  RecordList<{ id: number; status: RecordStatus }>,
  'ns' | 'loggedIn' | 'list' | 'status' | 'search' | 'filterStatus'
>;

/**
 * The page around the records, with the title and filters when it says where `newPath` creates a record;
 * asks to log in first when nobody is.
 */
export function RecordsFrame(props: {
  rec: AnyRecordList;
  /** Filters on the title's line (the card-table pages) instead of under it. */
  inlineToolbar?: boolean;
  newPath?: string;
  /** The list's heading when it is not the namespace's `records.title` (two lists in one namespace). */
  title?: string;
  className?: string;
  hero?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  const { rec } = props;
  const { t } = useTranslation(rec.ns);
  const openLogin = useAppStore((s) => s.openLogin);
  if (!rec.loggedIn) {
    return (
      <div className="svc-page">
        <section className="svc-card">
          <Empty description={t('records.loginFirst')}>
            <Button type="primary" onClick={openLogin}>
              {t('records.login')}
            </Button>
          </Empty>
        </section>
      </div>
    );
  }
  return (
    <div className={props.className ?? 'svc-page'}>
      {props.hero}
      <section className="svc-card">
        {props.newPath && (
          <RecordsToolbar
            inline={props.inlineToolbar ?? false}
            rec={rec}
            newPath={props.newPath}
            {...(props.title ? { title: props.title } : {})}
          />
        )}
        {props.children}
      </section>
      {props.after}
    </div>
  );
}

function SearchBox(props: { rec: AnyRecordList; width: number | string }) {
  const { t } = useTranslation(props.rec.ns);
  return (
    <Input.Search
      allowClear
      placeholder={t('records.search')}
      style={{ width: props.width }}
      onSearch={(v) => props.rec.search(v)}
    />
  );
}

function StatusSelect(props: { rec: AnyRecordList; width: number }) {
  const { t } = useTranslation(props.rec.ns);
  return (
    <Select<RecordStatus | 'all'>
      style={{ width: props.width }}
      value={props.rec.status ?? 'all'}
      onChange={(v) => props.rec.filterStatus(v === 'all' ? undefined : v)}
      options={[
        { value: 'all', label: t('records.allStatus') },
        ...RECORD_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
      ]}
    />
  );
}

function RefreshAndNew(props: { rec: AnyRecordList; newPath: string; pushRight?: boolean }) {
  const { t } = useTranslation(props.rec.ns);
  const navigate = useNavigate();
  return (
    <>
      <Button icon={<ReloadOutlined />} onClick={() => void props.rec.list.refetch()}>
        {t('records.refresh')}
      </Button>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => navigate(props.newPath)}
        style={props.pushRight ? { marginLeft: 'auto' } : undefined}
      >
        {t('records.new')}
      </Button>
    </>
  );
}

/**
 * Title and filters: the total beside the title and the filters under it, or (`inline`, the card-table pages)
 * the filters on the title's line.
 */
function RecordsToolbar(props: { inline: boolean; rec: AnyRecordList; newPath: string; title?: string }) {
  const { t } = useTranslation(props.rec.ns);
  const title = props.title ?? t('records.title');
  const mobile = useAppStore((s) => s.device === 'mobile');
  const data = props.rec.list.data;
  if (!props.inline) {
    return (
      <>
        <h2>
          {title}
          <span className="svc-muted">{data ? t('records.total', { n: data.total }) : ''}</span>
        </h2>
        <div className="ck-toolbar">
          <SearchBox rec={props.rec} width={mobile ? '100%' : 260} />
          <StatusSelect rec={props.rec} width={140} />
          <RefreshAndNew rec={props.rec} newPath={props.newPath} pushRight />
        </div>
      </>
    );
  }
  return (
    <div className="svc-toolbar">
      <h2 style={{ margin: 0 }}>{title}</h2>
      <div className="rec-toolbar__filters">
        <StatusSelect rec={props.rec} width={130} />
        <SearchBox rec={props.rec} width={180} />
        <RefreshAndNew rec={props.rec} newPath={props.newPath} />
      </div>
    </div>
  );
}

export function StatusTag(props: { ns: string; status: RecordStatus }) {
  const { t } = useTranslation(props.ns);
  return <Tag color={STATUS_COLORS[props.status]}>{t(`status.${props.status}`)}</Tag>;
}

export function RecordProgress(props: { percent: number }) {
  return <Progress percent={props.percent} size="small" status="active" />;
}

/**
 * The status tag, with the progress bar while the record runs. Without `idle` or `children` an idle record
 * shows the bare tag; `idle` replaces the bar once the record stops, `children` follow either.
 */
export function StatusCell(props: {
  ns: string;
  record: { status: RecordStatus; progress: number };
  minWidth?: number;
  idle?: ReactNode;
  children?: ReactNode;
}) {
  const { status, progress } = props.record;
  const active = isActive(status);
  if (!active && props.idle === undefined && props.children === undefined) {
    return <StatusTag ns={props.ns} status={status} />;
  }
  return (
    <div style={{ minWidth: props.minWidth ?? 120 }}>
      <StatusTag ns={props.ns} status={status} />
      {active ? <RecordProgress percent={progress} /> : props.idle}
      {props.children}
    </div>
  );
}

/**
 * Delete behind a confirm, disabled while the record runs. `labelled`: the confirm's buttons say 删除/取消
 * and it waits for the delete; otherwise antd's defaults and it closes at once.
 */
export function DeleteAction<R extends { id: number; status: RecordStatus }>(props: {
  rec: RecordList<R>;
  record: R;
  icon?: boolean;
  labelled?: boolean;
}) {
  const { t } = useTranslation(props.rec.ns);
  const onDelete = props.rec.remove;
  const active = isActive(props.record.status);
  const labels = props.labelled ? { okText: t('records.delete'), cancelText: t('records.cancel') } : {};
  return (
    <Popconfirm
      title={t('records.deleteConfirm')}
      onConfirm={props.labelled ? () => onDelete(props.record) : () => void onDelete(props.record)}
      disabled={active}
      {...labels}
    >
      <Button
        type="link"
        size="small"
        danger
        icon={props.icon ? <DeleteOutlined /> : undefined}
        disabled={active}
      >
        {t('records.delete')}
      </Button>
    </Popconfirm>
  );
}

/** A row's actions: open it (去支付 while it waits for payment, else 查看), and delete. */
export function PayOrViewActions<R extends { id: number; status: RecordStatus }>(props: {
  rec: RecordList<R>;
  record: R;
  open: (r: R) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <span className="rec-row-actions">
      <Button type="link" size="small" onClick={() => props.open(props.record)}>
        {props.record.status === 'created' ? t('records.pay') : t('records.view')}
      </Button>
      <DeleteAction rec={props.rec} record={props.record} icon />
    </span>
  );
}
