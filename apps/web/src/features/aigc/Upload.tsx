import { SafetyCertificateOutlined, WalletOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { aigcInit, aigcWordCount } from './api.ts';
import { useLoginGate } from '../../shared/records/useGuardedSubmit.ts';
import { toast } from '../../utils/feedback.ts';
import { yuan } from '../../shared/format.ts';
import { useSubmit } from './useSubmit.tsx';
import '../check/check.css';
import './aigc.css';
import { PaperSourceInput, usePaperSource, WordCountBar } from '../../shared/records/PaperSource.tsx';
import { NotesCard, StartPage, SubmitButton, TextField } from '../../shared/records/FormParts.tsx';
import { useAccount } from '../../shared/account/hooks.ts';
import { usePublicConfig } from './hooks.ts';

/** /aigccheck/check: paste or upload, see the count and price, confirm; the report page shows progress. */
export default function AigcCheck() {
  const { t } = useTranslation('aigc');
  const { loggedIn, pass: loginFirst } = useLoginGate(t('check.loginFirst'));
  const [title, setTitle] = useState('');
  const [author, setAuthor] = useState('');
  const [creating, setCreating] = useState(false);
  const titleTouched = useRef(false);
  const { submit, submitting, dialog } = useSubmit();

  const config = usePublicConfig().data;
  const maxUploadMb = config?.maxUploadMb ?? 20;
  const account = useAccount({ enabled: loggedIn });

  const paper = usePaperSource({
    initialMode: 'paste',
    count: aigcWordCount,
    typingDelayMs: 700,
    maxUploadMb,
    tooLarge: (mb) => t('check.tooLarge', { mb }),
    onTitle: (found) => {
      if (!titleTouched.current) setTitle(found);
    },
  });
  const { sent, count } = paper;

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
  const canSubmit = paper.ready && !busy;

  async function start() {
    if (!sent) return;
    if (!loginFirst()) return;
    const finalTitle = (title.trim() || count.result?.title || paper.fileTitle).slice(0, 200);
    if (!finalTitle) {
      toast().warning(t('check.titleRequired'));
      return;
    }
    setCreating(true);
    let id: number;
    try {
      id = (await aigcInit({ title: finalTitle, author: author.trim() }, sent)).result.id;
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
    <StartPage
      title={t('check.title')}
      subtitle={t('check.subtitle')}
      chips={[t('check.chip.report'), t('check.chip.offline'), t('check.chip.pdf')]}
      side={
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
          <NotesCard
            icon={<SafetyCertificateOutlined />}
            title={t('check.notesTitle')}
            notes={t('check.notes', { returnObjects: true }) as unknown as string[]}
          />
        </aside>
      }
      below={dialog}
    >
      <div className="ck-row2">
        <TextField
          id="ag-title"
          label={t('check.paperTitle')}
          placeholder={t('check.paperTitlePlaceholder')}
          value={title}
          onChange={(v) => {
            titleTouched.current = true;
            setTitle(v);
          }}
        />
        <TextField
          id="ag-author"
          label={t('check.author')}
          maxLength={100}
          placeholder={t('check.authorPlaceholder')}
          value={author}
          onChange={setAuthor}
        />
      </div>

      <PaperSourceInput
        state={paper}
        ns="aigc"
        keyPrefix="check"
        testId="ag"
        dragHint={t('check.dragHint', { mb: maxUploadMb })}
      />
      <WordCountBar
        state={paper}
        ns="aigc"
        keyPrefix="check"
        testId="ag"
        price={(result) => (
          <>
            {t('check.price')} <strong data-testid="ag-price">{yuan(result.quote.priceFen)}</strong>
          </>
        )}
      />

      <SubmitButton
        testId="ag-submit"
        style={{ marginTop: 16 }}
        disabled={!canSubmit}
        loading={busy}
        onClick={() => void start()}
      >
        {startLabel}
      </SubmitButton>
    </StartPage>
  );
}
