import {
  CheckOutlined,
  CopyOutlined,
  ExclamationCircleOutlined,
  ReloadOutlined,
  RobotOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Tooltip } from 'antd';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from './copy.ts';
import { Markdown } from './Markdown.tsx';
import type { LiveMessage } from './useChat.ts';

export interface MessageItemProps {
  message: LiveMessage;
  /** The last answer of the conversation: it can be generated again. */
  canRegenerate: boolean;
  busy: boolean;
  onRegenerate(): void;
}

export const MessageItem = memo(function MessageItem({
  message: m,
  canRegenerate,
  busy,
  onRegenerate,
}: MessageItemProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  if (m.role === 'user') {
    return (
      <div className="gpt-msg gpt-msg--user" data-testid="chat-user-message">
        <div className="gpt-msg__bubble">{m.content}</div>
        <div className="gpt-msg__avatar gpt-msg__avatar--user" aria-hidden="true">
          <UserOutlined />
        </div>
      </div>
    );
  }
  const writing = m.status === 'streaming';
  const note =
    m.status === 'stopped'
      ? t('chat:message.stopped')
      : m.status === 'partial'
        ? (m.error ?? t('chat:message.partial'))
        : m.status === 'error'
          ? (m.error ?? t('chat:message.failed'))
          : null;
  return (
    <div className="gpt-msg gpt-msg--assistant" data-testid="chat-assistant-message" data-status={m.status}>
      <div className="gpt-msg__avatar gpt-msg__avatar--ai" aria-hidden="true">
        <RobotOutlined />
      </div>
      <div className="gpt-msg__body">
        {m.content ? (
          <Markdown text={m.content} />
        ) : writing ? (
          <div className="gpt-msg__thinking">
            <span className="gpt-dots" aria-hidden="true">
              <i />
              <i />
              <i />
            </span>
            {t('chat:message.thinking')}
          </div>
        ) : null}
        {writing && m.content && <span className="gpt-caret" aria-hidden="true" />}
        {note && (
          <div className={`gpt-msg__note gpt-msg__note--${m.status}`}>
            <ExclamationCircleOutlined /> {note}
          </div>
        )}
        {!writing && (
          <div className="gpt-msg__actions">
            {m.content && (
              <Tooltip title={copied ? t('chat:message.copied') : t('chat:message.copy')}>
                <button
                  type="button"
                  className="gpt-icon-btn"
                  aria-label={t('chat:message.copy')}
                  onClick={async () => {
                    if (await copyText(m.content)) {
                      setCopied(true);
                      setTimeout(() => setCopied(false), 1500);
                    }
                  }}
                >
                  {copied ? <CheckOutlined /> : <CopyOutlined />}
                </button>
              </Tooltip>
            )}
            {canRegenerate && (
              <Tooltip title={t('chat:message.regenerate')}>
                <button
                  type="button"
                  className="gpt-icon-btn"
                  aria-label={t('chat:message.regenerate')}
                  disabled={busy}
                  onClick={onRegenerate}
                >
                  <ReloadOutlined />
                </button>
              </Tooltip>
            )}
          </div>
        )}
      </div>
    </div>
  );
});
