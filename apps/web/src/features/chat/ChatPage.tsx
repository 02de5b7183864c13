import {
  ArrowUpOutlined,
  BookOutlined,
  BulbOutlined,
  EditOutlined,
  HomeOutlined,
  MenuOutlined,
  OrderedListOutlined,
  PauseOutlined,
  PlusOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Input, Spin } from 'antd';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { chatStatus, deleteConversation, queryList } from './api.ts';
import LangSelect from '../../components/LangSelect.tsx';
import { BrandMark } from '../../components/BrandMark.tsx';
import { useUserStore } from '../../store/user.ts';
import { toast } from '../../utils/feedback.ts';
import { ConversationList } from './ConversationList.tsx';
import { MessageItem } from './MessageItem.tsx';
import { chatKeys, useChat } from './useChat.ts';
import './gpt.css';

const PAGE_SIZE = 30;
const SUGGESTIONS = [
  { key: 'topic', icon: <BulbOutlined /> },
  { key: 'outline', icon: <OrderedListOutlined /> },
  { key: 'polish', icon: <EditOutlined /> },
  { key: 'translate', icon: <TranslationOutlined /> },
  { key: 'review', icon: <BookOutlined /> },
] as const;

import { NoModelBanner } from '../../shared/model/NoModelBanner.tsx';
/** /gpt: the AI assistant (standalone page): conversations on the left, the chat on the right. */
export default function GptPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const rawId = Number(params.get('c'));
  const conversationId = Number.isSafeInteger(rawId) && rawId > 0 ? rawId : null;
  const userId = useUserStore((s) => s.id);
  const hasToken = useUserStore((s) => !!s.token);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const stickToBottom = useRef(true);

  const status = useQuery({ queryKey: chatKeys.status, queryFn: async () => (await chatStatus()).result });
  const list = useInfiniteQuery({
    queryKey: chatKeys.list,
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => (await queryList({ pageNo: pageParam, pageSize: PAGE_SIZE })).result,
    getNextPageParam: (last) => (last.pageNo * last.pageSize < last.total ? last.pageNo + 1 : undefined),
  });
  const conversations = useMemo(() => list.data?.pages.flatMap((p) => p.records) ?? [], [list.data]);

  const openConversation = useCallback(
    (id: number | null) => {
      setParams(id === null ? {} : { c: String(id) });
      setDrawerOpen(false);
    },
    [setParams],
  );
  const onCreated = useCallback((id: number) => setParams({ c: String(id) }, { replace: true }), [setParams]);
  const chat = useChat(conversationId, onCreated);

  const remove = useMutation({
    mutationFn: (id: number) => deleteConversation(id),
    onSuccess: (_r, id) => {
      void toast().success(t('chat:deleted'));
      if (id === conversationId) openConversation(null);
      void qc.invalidateQueries({ queryKey: chatKeys.list });
    },
  });

  const available = status.data?.available ?? true;
  const maxChars = status.data?.maxMessageChars ?? 8000;
  const guest = status.data?.guest ?? null;
  const guestOut = guest !== null && guest.remaining <= 0;
  const tooLong = draft.trim().length > maxChars;
  const canSend = available && !guestOut && !chat.streaming && draft.trim().length > 0 && !tooLong;
  const title = conversations.find((c) => c.id === conversationId)?.title ?? t('chat:newChat');
  const lastAssistant = useMemo(() => {
    for (let i = chat.messages.length - 1; i >= 0; i--)
      if (chat.messages[i]!.role === 'assistant') return chat.messages[i]!.key;
    return null;
  }, [chat.messages]);

  // Follow the answer while it is written, unless the reader scrolled up.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the messages (the answer grows)
  useEffect(() => {
    const el = scrollRef.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [chat.messages]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when another conversation opens
  useEffect(() => {
    stickToBottom.current = true;
    inputRef.current?.focus();
  }, [conversationId]);

  const send = async (text: string) => {
    const message = text.trim();
    if (!message || !available || chat.streaming) return;
    setDraft('');
    stickToBottom.current = true;
    const outcome = await chat.send(message);
    if (!outcome.ok) {
      setDraft(text);
      const e = outcome.error;
      if (e.status === 402) {
        void toast().error({
          content: (
            <span>
              {e.message} <Link to="/order/taocan">{t('chat:errors.buy')}</Link>
            </span>
          ),
          duration: 6,
        });
      } else void toast().error(e.message);
      if (e.status === 503 || e.status === 429) void qc.invalidateQueries({ queryKey: chatKeys.status });
    }
  };
  const regenerate = async () => {
    stickToBottom.current = true;
    const outcome = await chat.regenerate();
    if (!outcome.ok) void toast().error(outcome.error.message);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; Enter that confirms an IME (拼音) candidate does nothing.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (canSend) void send(draft);
    }
  };
  const applySuggestion = (key: (typeof SUGGESTIONS)[number]['key']) => {
    setDraft(t(`chat:suggestions.${key}.prompt`));
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  const sidebar = (
    <ConversationList
      items={conversations}
      activeId={conversationId}
      loading={list.isLoading}
      hasMore={!!list.hasNextPage}
      onLoadMore={() => void list.fetchNextPage()}
      onOpen={openConversation}
      onNew={() => openConversation(null)}
      onDelete={(id) => remove.mutate(id)}
    />
  );
  const loginHref = `/login?${new URLSearchParams({ redirect: `${location.pathname}${location.search}` })}`;

  return (
    <div className="gpt-page">
      <aside className="gpt-side">
        <Link to="/home" className="gpt-side__brand">
          <BrandMark size={32} />
          <span>
            <strong>{t('common:productTitle')}</strong>
            <small>{t('chat:brand')}</small>
          </span>
        </Link>
        {sidebar}
        <div className="gpt-side__foot">
          <Link to="/home" className="gpt-side__home">
            <HomeOutlined /> {t('chat:backHome')}
          </Link>
          <span className="gpt-side__user">
            {hasToken && userId !== null ? (
              t('chat:signedInAs', { id: userId })
            ) : (
              <Link to={loginHref}>{t('chat:login')}</Link>
            )}
          </span>
        </div>
      </aside>
      <Drawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        placement="left"
        width={300}
        title={t('chat:menu')}
        className="gpt-drawer"
      >
        {sidebar}
      </Drawer>

      <main className="gpt-main">
        <header className="gpt-top">
          <button
            type="button"
            className="gpt-top__menu gpt-icon-btn"
            aria-label={t('chat:menu')}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuOutlined />
          </button>
          <h1 className="gpt-top__title" title={title}>
            {title}
          </h1>
          <div className="gpt-top__right">
            <button
              type="button"
              className="gpt-top__new gpt-icon-btn"
              aria-label={t('chat:newChat')}
              onClick={() => openConversation(null)}
            >
              <PlusOutlined />
            </button>
            <LangSelect />
          </div>
        </header>

        {!available && <NoModelBanner feature="chat" testId="chat-not-configured" className="gpt-banner" />}
        {available && guest && (
          <Alert
            className="gpt-banner"
            type={guestOut ? 'warning' : 'info'}
            showIcon
            message={
              guestOut ? t('chat:banner.guestDone') : t('chat:banner.guest', { remaining: guest.remaining })
            }
            action={
              <Link to={loginHref}>
                <Button size="small" type="primary">
                  {t('chat:banner.guestLogin')}
                </Button>
              </Link>
            }
          />
        )}

        <div
          className="gpt-scroll"
          ref={scrollRef}
          onScroll={(e) => {
            const el = e.currentTarget;
            stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
          }}
        >
          {chat.loading ? (
            <div className="gpt-center">
              <Spin />
            </div>
          ) : chat.messages.length === 0 ? (
            <div className="gpt-welcome">
              <div className="gpt-welcome__mark">
                <BrandMark size={56} />
              </div>
              <h2>{t('chat:welcome.title')}</h2>
              <p>{t('chat:welcome.subtitle')}</p>
              <div className="gpt-suggest">
                {SUGGESTIONS.map((s) => (
                  <button
                    type="button"
                    key={s.key}
                    className="gpt-suggest__card"
                    onClick={() => applySuggestion(s.key)}
                    disabled={!available}
                    data-testid={`chat-suggest-${s.key}`}
                  >
                    <span className="gpt-suggest__icon">{s.icon}</span>
                    <span className="gpt-suggest__title">{t(`chat:suggestions.${s.key}.title`)}</span>
                    <span className="gpt-suggest__desc">{t(`chat:suggestions.${s.key}.desc`)}</span>
                  </button>
                ))}
              </div>
            </div>
          ) : (
            <div className="gpt-thread">
              {chat.messages.map((m) => (
                <MessageItem
                  key={m.key}
                  message={m}
                  canRegenerate={m.key === lastAssistant && m.id !== null && conversationId !== null}
                  busy={chat.streaming || !available || guestOut}
                  onRegenerate={regenerate}
                />
              ))}
            </div>
          )}
        </div>

        <div className="gpt-composer">
          <div className={`gpt-composer__box${tooLong ? ' is-over' : ''}`}>
            <Input.TextArea
              ref={(r) => {
                inputRef.current = r?.resizableTextArea?.textArea ?? null;
              }}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder={available ? t('chat:input.placeholder') : t('chat:banner.notConfigured')}
              disabled={!available}
              autoSize={{ minRows: 1, maxRows: 8 }}
              variant="borderless"
              aria-label={t('chat:input.placeholder')}
              data-testid="chat-input"
            />
            <div className="gpt-composer__bar">
              <span className={`gpt-composer__count${tooLong ? ' is-over' : ''}`}>
                {tooLong
                  ? t('chat:input.tooLong', { max: maxChars })
                  : draft
                    ? t('chat:input.counter', { count: draft.trim().length, max: maxChars })
                    : ''}
              </span>
              {chat.streaming ? (
                <Button shape="round" icon={<PauseOutlined />} onClick={chat.stop} data-testid="chat-stop">
                  {t('chat:input.stop')}
                </Button>
              ) : (
                <Button
                  type="primary"
                  shape="circle"
                  icon={<ArrowUpOutlined />}
                  disabled={!canSend}
                  onClick={() => void send(draft)}
                  aria-label={t('chat:input.send')}
                  data-testid="chat-send"
                />
              )}
            </div>
          </div>
          <p className="gpt-composer__hint">{t('chat:input.disclaimer')}</p>
        </div>
      </main>
    </div>
  );
}
