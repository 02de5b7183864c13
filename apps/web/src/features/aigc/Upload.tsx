import { SafetyCertificateOutlined, WalletOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { useState } from 'react';
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
import { NotesCard, StartPage, SubmitButton } from '../../shared/records/FormParts.tsx';
import { useAccount } from '../../shared/account/hooks.ts';
import { usePublicConfig } from './hooks.ts';
import {
  defaultTitleOf,
  finalTitleOf,
  PaperTitleFields,
  usePaperTitle,
} from '../../shared/records/PaperTitle.tsx';
import { useJobPayOptions } from '../../shared/billing/PayChoice.tsx';

/** /aigccheck/check: paste or upload, see the count and price, confirm; the report page shows progress. */
export default function AigcCheck() {
  const { t } = useTranslation('aigc');
  const { loggedIn, pass: loginFirst } = useLoginGate(t('check.loginFirst'));
  const titled = usePaperTitle();
  const [creating, setCreating] = useState(false);
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
    onTitle: titled.foundTitle,
  });
  const { sent, count } = paper;

  const wallet = account.data;
  const quotaLeft = wallet?.quotas.aigc_check ?? 0;
  // the way the pay choice will preselect for this paper (the cheapest, a quota only when it is worth it), so the
  // button says what will happen instead of promising the package
  const job = useJobPayOptions(
    { service: 'aigc_check', edition: 'standard', characters: count.result?.characters },
    loggedIn && !!wallet,
    [wallet?.balance, quotaLeft],
  );
  const chosen = job?.options.find((o) => o.way === job.recommended) ?? null;
  const how = !job ? null : (chosen?.way ?? 'short');
  const defaultTitle = defaultTitleOf(paper);
  const busy = creating || submitting;
  const canSubmit = paper.ready && !busy;

  async function start() {
    if (!sent) return;
    if (!loginFirst()) return;
    const finalTitle = finalTitleOf(titled, defaultTitle);
    if (!finalTitle) {
      toast().warning(t('check.titleRequired'));
      return;
    }
    setCreating(true);
    let id: number;
    try {
      id = (await aigcInit({ title: finalTitle, author: titled.author.trim() }, sent)).result.id;
    } catch {
      return; // the request layer has shown the message
    } finally {
      setCreating(false);
    }
    await submit(id);
  }

  const wayText = (prefix: 'start' | 'use') => {
    if (!chosen) return null;
    const amounts = { n: chosen.quotaUnits, balance: yuan(chosen.balanceFen), qr: yuan(chosen.qrFen) };
    if (chosen.way === 'quota') return t(`check.${prefix}Quota`, amounts);
    if (chosen.way === 'balance')
      return t(`check.${prefix}${prefix === 'use' ? 'Balance' : 'Pay'}`, { amount: amounts.balance });
    if (chosen.way === 'qr')
      return t(`check.${prefix}${chosen.balanceFen > 0 ? 'BalanceQr' : 'Qr'}`, amounts);
    return null;
  };
  const startLabel = wayText('start') ?? t('check.start');

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
                {chosen && (
                  <>
                    <div
                      className="ag-pay-line"
                      data-testid="ag-this-time"
                      style={chosen.way === 'quota' ? { color: '#11a983' } : undefined}
                    >
                      <span>{t('check.thisTime')}</span>
                      <strong>{wayText('use')}</strong>
                    </div>
                    <p className="svc-muted">{t('check.preselected')}</p>
                  </>
                )}
                {(how === 'short' || how === 'qr') && (
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
      <PaperTitleFields
        state={titled}
        defaultTitle={defaultTitle}
        ns="aigc"
        keyPrefix="check"
        idPrefix="ag"
      />

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
