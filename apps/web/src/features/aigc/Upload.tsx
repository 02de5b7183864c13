import {
  CheckCircleOutlined,
  FileTextOutlined,
  InboxOutlined,
  LoadingOutlined,
  SafetyCertificateOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { type AigcWordCountResult, PriceEntry } from '@paperdesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Segmented, Upload } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getAccount } from '../account/api.ts';
import { type AigcSource, aigcInit, aigcWordCount } from './api.ts';
import { loadAllByEntity } from '../../shared/api/sysConfig.ts';
import { useAppStore } from '../../store/app.ts';
import { selectLoggedIn, useUserStore } from '../../store/user.ts';
import { toast } from '../../utils/feedback.ts';
import { RequestError } from '../../utils/request.ts';
import { num, yuan } from '../../shared/format.ts';
import { useSubmit } from './useSubmit.tsx';
import '../check/check.css';
import './aigc.css';
import { queryKeys } from '../../shared/records/queries.ts';

type Mode = 'paste' | 'upload';
const ACCEPT = '.docx,.pdf,.txt';

/** The public unit price (`price.aigc_check.standard`) and upload limit (`limit.aigc.maxUploadMb`). */
function usePublicConfig() {
  return useQuery({
    queryKey: queryKeys.sysConfig('aigc'),
    queryFn: async () => {
      const [prices, limits] = await Promise.all([
        loadAllByEntity({ prefix: 'price.aigc_check.' }, { silent: true }),
        loadAllByEntity({ prefix: 'limit.aigc.' }, { silent: true }),
      ]);
      const price = PriceEntry.safeParse(
        prices.result.find((e) => e.key === 'price.aigc_check.standard')?.value,
      );
      const mb = limits.result.find((e) => e.key === 'limit.aigc.maxUploadMb')?.value;
      return {
        unitFen: price.success ? price.data.fen : undefined,
        maxUploadMb: typeof mb === 'number' ? mb : 20,
      };
    },
    staleTime: 60_000,
  });
}

/** /aigccheck/check: paste or upload, see the count and price, confirm; the report page shows progress. */
export default function AigcCheck() {
  const { t } = useTranslation('aigc');
  const loggedIn = useUserStore(selectLoggedIn);
  const openLogin = useAppStore((s) => s.openLogin);
  const [mode, setMode] = useState<Mode>('paste');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const [author, setAuthor] = useState('');
  const [count, setCount] = useState<{ loading: boolean; result?: AigcWordCountResult; error?: string }>({
    loading: false,
  });
  const [creating, setCreating] = useState(false);
  const titleTouched = useRef(false);
  const { submit, submitting, dialog } = useSubmit();

  const config = usePublicConfig().data;
  const maxUploadMb = config?.maxUploadMb ?? 20;
  const account = useQuery({
    queryKey: queryKeys.account,
    queryFn: async () => (await getAccount({ silent: true })).result,
    enabled: loggedIn,
  });

  const source: AigcSource | null = useMemo(() => {
    if (mode === 'upload') return file ? { file } : null;
    return text.trim() ? { text } : null;
  }, [mode, file, text]);

  // Count (and quote) what would be checked: at once for a file, after a pause for typing.
  useEffect(() => {
    if (!source) {
      setCount({ loading: false });
      return;
    }
    if ('file' in source && source.file.size > maxUploadMb * 1024 * 1024) {
      setCount({ loading: false, error: t('check.tooLarge', { mb: maxUploadMb }) });
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(
      () => {
        setCount((c) => ({ ...c, loading: true, error: undefined }));
        aigcWordCount(source, { signal: ctrl.signal })
          .then((r) => {
            setCount({ loading: false, result: r.result });
            if (!titleTouched.current && r.result.title) setTitle(r.result.title.slice(0, 200));
          })
          .catch((e: unknown) => {
            if (e instanceof RequestError && e.kind === 'aborted') return;
            setCount({ loading: false, error: e instanceof Error ? e.message : String(e) });
          });
      },
      'file' in source ? 0 : 700,
    );
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [source, maxUploadMb, t]);

  const quote = count.result?.quote;
  const wallet = account.data;
  const quotaLeft = wallet?.quotas.aigc_check ?? 0;
  const how =
    !quote || !wallet
      ? null
      : quotaLeft >= quote.quotaNeeded
        ? 'quota'
        : wallet.balance >= quote.priceFen
          ? 'balance'
          : 'short';
  const busy = creating || submitting;
  const canSubmit = !!source && !count.loading && !count.error && !!count.result && !busy;

  async function start() {
    if (!source) return;
    if (!loggedIn) {
      toast().info(t('check.loginFirst'));
      openLogin();
      return;
    }
    const finalTitle = (
      title.trim() ||
      count.result?.title ||
      (file ? file.name.replace(/\.[^.]+$/, '') : '')
    ).slice(0, 200);
    if (!finalTitle) {
      toast().warning(t('check.titleRequired'));
      return;
    }
    setCreating(true);
    let id: number;
    try {
      id = (await aigcInit({ title: finalTitle, author: author.trim() }, source)).result.id;
    } catch {
      return; // the request layer has shown the message
    } finally {
      setCreating(false);
    }
    await submit(id);
  }

  const startLabel =
    how === 'quota'
      ? t('check.startQuota', { n: quote?.quotaNeeded ?? 1 })
      : how === 'balance'
        ? t('check.startPay', { amount: yuan(quote?.priceFen ?? 0) })
        : t('check.start');

  return (
    <div className="svc-page">
      <header className="svc-hero">
        <div>
          <h1>{t('check.title')}</h1>
          <p>{t('check.subtitle')}</p>
        </div>
        <div className="svc-hero__chips">
          <span className="svc-chip">{t('check.chip.report')}</span>
          <span className="svc-chip">{t('check.chip.offline')}</span>
          <span className="svc-chip">{t('check.chip.pdf')}</span>
        </div>
      </header>

      <div className="ck-grid">
        <section className="svc-card">
          <div className="ck-row2">
            <div className="ck-field">
              <label className="ck-label" htmlFor="ag-title">
                {t('check.paperTitle')}
              </label>
              <Input
                id="ag-title"
                size="large"
                maxLength={200}
                placeholder={t('check.paperTitlePlaceholder')}
                value={title}
                onChange={(e) => {
                  titleTouched.current = true;
                  setTitle(e.target.value);
                }}
              />
            </div>
            <div className="ck-field">
              <label className="ck-label" htmlFor="ag-author">
                {t('check.author')}
              </label>
              <Input
                id="ag-author"
                size="large"
                maxLength={100}
                placeholder={t('check.authorPlaceholder')}
                value={author}
                onChange={(e) => setAuthor(e.target.value)}
              />
            </div>
          </div>

          <div className="ck-field">
            <Segmented<Mode>
              block
              size="large"
              value={mode}
              onChange={setMode}
              options={[
                { value: 'paste', label: t('check.modePaste'), icon: <FileTextOutlined /> },
                { value: 'upload', label: t('check.modeUpload'), icon: <InboxOutlined /> },
              ]}
            />
          </div>

          {mode === 'upload' ? (
            <Upload.Dragger
              accept={ACCEPT}
              maxCount={1}
              multiple={false}
              fileList={
                file
                  ? [
                      {
                        uid: 'paper',
                        name: file.name,
                        status: count.error ? 'error' : 'done',
                        size: file.size,
                      },
                    ]
                  : []
              }
              beforeUpload={(f) => {
                setFile(f);
                return false;
              }}
              onRemove={() => {
                setFile(null);
                return true;
              }}
              data-testid="ag-upload"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('check.dragText')}</p>
              <p className="ant-upload-hint">{t('check.dragHint', { mb: maxUploadMb })}</p>
            </Upload.Dragger>
          ) : (
            <Input.TextArea
              className="ck-paste"
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoSize={{ minRows: 10, maxRows: 22 }}
              placeholder={t('check.pastePlaceholder')}
              data-testid="ag-paste"
            />
          )}

          {source && (
            <div className={`ck-count${count.error ? ' is-error' : ''}`} data-testid="ag-count">
              {count.loading ? (
                <span>
                  <LoadingOutlined /> {t('check.counting')}
                </span>
              ) : count.error ? (
                <span>{count.error}</span>
              ) : count.result ? (
                <>
                  <span>
                    {t('check.characters')} <strong>{num(count.result.characters)}</strong>
                  </span>
                  <span>
                    {t('check.paragraphs')} <strong>{num(count.result.paragraphs)}</strong>
                  </span>
                  <span>
                    {t('check.price')}{' '}
                    <strong data-testid="ag-price">{yuan(count.result.quote.priceFen)}</strong>
                  </span>
                </>
              ) : null}
            </div>
          )}

          <Button
            type="primary"
            size="large"
            block
            style={{ marginTop: 16 }}
            disabled={!canSubmit}
            loading={busy}
            onClick={() => void start()}
            data-testid="ag-submit"
          >
            {startLabel}
          </Button>
        </section>

        <aside className="ck-side">
          <section className="svc-card">
            <h2>{t('check.payTitle')}</h2>
            <div className="ag-pay-line">
              <span>{t('check.price')}</span>
              <strong>
                {config?.unitFen !== undefined ? t('check.unitPrice', { price: yuan(config.unitFen) }) : '—'}
              </strong>
            </div>
            <p className="svc-muted">{t('check.unitNote')}</p>
            {wallet ? (
              <div data-testid="ag-wallet">
                <div className="ag-pay-line">
                  <span>{t('check.quotaLeft')}</span>
                  <strong>{t('check.times', { n: quotaLeft })}</strong>
                </div>
                <div className="ag-pay-line">
                  <span>
                    <WalletOutlined /> {t('check.balance')}
                  </span>
                  <strong>{yuan(wallet.balance)}</strong>
                </div>
                {how === 'quota' && quote && (
                  <div className="ag-pay-line" style={{ color: '#11a983' }}>
                    <span>{t('check.thisTime')}</span>
                    <strong>{t('check.useQuota', { n: quote.quotaNeeded })}</strong>
                  </div>
                )}
                {how === 'balance' && quote && (
                  <div className="ag-pay-line">
                    <span>{t('check.thisTime')}</span>
                    <strong>{t('check.useBalance', { amount: yuan(quote.priceFen) })}</strong>
                  </div>
                )}
                {how === 'short' && (
                  <Alert type="warning" showIcon title={t('check.short')} style={{ marginTop: 8 }} />
                )}
              </div>
            ) : (
              <p className="svc-muted">{t('check.loginToSee')}</p>
            )}
            <div className="ck-actions" style={{ marginTop: 12 }}>
              <Link to="/order/taocan">{t('check.buy')}</Link>
              <Link to="/aigccheck/list">{t('check.records')}</Link>
            </div>
          </section>
          <section className="svc-card">
            <h2>
              <SafetyCertificateOutlined /> {t('check.notesTitle')}
            </h2>
            <ul>
              {(t('check.notes', { returnObjects: true }) as unknown as string[]).map((n) => (
                <li key={n}>
                  <CheckCircleOutlined /> <span>{n}</span>
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
      {dialog}
    </div>
  );
}
