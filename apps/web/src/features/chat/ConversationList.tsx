import { DeleteOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import type { ChatConversation } from '@paperdesk/contracts';
import { Button, Empty, Popconfirm, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../locales/index.ts';
import { formatTime } from '../../utils/time.ts';

export interface ConversationListProps {
  items: ChatConversation[];
  activeId: number | null;
  loading: boolean;
  hasMore: boolean;
  onLoadMore(): void;
  onOpen(id: number): void;
  onNew(): void;
  onDelete(id: number): void;
}

export function ConversationList(p: ConversationListProps) {
  const { t } = useTranslation();
  return (
    <div className="gpt-list">
      <Button
        type="primary"
        block
        size="large"
        icon={<PlusOutlined />}
        onClick={p.onNew}
        className="gpt-list__new"
      >
        {t('chat:newChat')}
      </Button>
      <div className="gpt-list__label">{t('chat:history')}</div>
      <div className="gpt-list__items">
        {p.loading ? (
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        ) : p.items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat:noHistory')} />
        ) : (
          p.items.map((c) => (
            <div key={c.id} className={`gpt-list__item${c.id === p.activeId ? ' is-active' : ''}`}>
              <button type="button" className="gpt-list__open" onClick={() => p.onOpen(c.id)} title={c.title}>
                <MessageOutlined className="gpt-list__icon" />
                <span className="gpt-list__text">
                  <span className="gpt-list__title">{c.title}</span>
                  <span className="gpt-list__time">
                    {formatTime(c.updatedAt, '{y}-{m}-{d} {h}:{i}', { lang: currentLanguage() })}
                  </span>
                </span>
              </button>
              <Popconfirm
                title={t('chat:deleteConfirm')}
                description={t('chat:deleteHint')}
                okButtonProps={{ danger: true }}
                onConfirm={() => p.onDelete(c.id)}
              >
                <button type="button" className="gpt-list__delete" aria-label={t('chat:delete')}>
                  <DeleteOutlined />
                </button>
              </Popconfirm>
            </div>
          ))
        )}
        {p.hasMore && (
          <Button type="link" block onClick={p.onLoadMore}>
            {t('chat:loadMore')}
          </Button>
        )}
      </div>
    </div>
  );
}
