import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { MachineEdition } from '@paperdesk/contracts';
import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { machineInit, machineWordCount } from './api.ts';
import { useAppStore } from '../../store/app.ts';
import { selectLoggedIn, useUserStore } from '../../store/user.ts';
import { toast } from '../../utils/feedback.ts';
import { num, yuan } from '../../shared/format.ts';
import '../check/check.css';
import './machine.css';
import { PaperSourceInput, usePaperSource, WordCountBar } from '../../shared/records/PaperSource.tsx';
import {
  NotesCard,
  PriceTable,
  SubmitButton,
  TextField,
  unitPrice,
} from '../../shared/records/FormParts.tsx';
import { usePublicConfig } from './hooks.ts';

export const EDITIONS: MachineEdition[] = ['standard', 'cnki'];

/**
 * The 降重 submit page: paste or upload, pick 智能降重 or 知网专版, see the characters and the price, then
 * create the record and go to the confirm view. /nlp/machine opens on 智能降重, /cnki/cnki on 知网专版.
 */
export default function StartRewrite({ initialEdition }: { initialEdition: MachineEdition }) {
  const { t } = useTranslation('machine');
  const navigate = useNavigate();
  const loggedIn = useUserStore(selectLoggedIn);
  const openLogin = useAppStore((s) => s.openLogin);
  const [title, setTitle] = useState('');
  const [edition, setEdition] = useState<MachineEdition>(initialEdition);
  const [submitting, setSubmitting] = useState(false);
  const config = usePublicConfig().data;
  const paper = usePaperSource({ initialMode: 'paste', count: machineWordCount, typingDelayMs: 600 });
  const { sent, count } = paper;
  const modelAvailable = count.result?.modelAvailable ?? config?.modelAvailable ?? true;

  const unit = (e: MachineEdition) =>
    count.result?.quotes.find((q) => q.edition === e)?.unitPriceFen ?? config?.prices[e];
  const price = count.result?.quotes.find((q) => q.edition === edition)?.priceFen;
  const blocked = edition === 'cnki' && !modelAvailable;
  const canSubmit = paper.ready && !submitting && !blocked;

  async function submit() {
    if (!sent) return;
    if (!loggedIn) {
      toast().info(t('start.loginFirst'));
      openLogin();
      return;
    }
    setSubmitting(true);
    try {
      const r = await machineInit(edition, title.trim(), sent);
      navigate(`/machine/submit/${r.result.id}`);
    } catch {
      // the request layer has shown the message
    } finally {
      setSubmitting(false);
    }
  }

  const cnkiPage = initialEdition === 'cnki';
  return (
    <div className={`svc-page${cnkiPage ? ' mc-cnki' : ''}`}>
      <header className="svc-hero">
        <div>
          <h1>{t(cnkiPage ? 'start.cnkiTitle' : 'start.smartTitle')}</h1>
          <p>{t(cnkiPage ? 'start.cnkiSubtitle' : 'start.smartSubtitle')}</p>
        </div>
        <div className="svc-hero__chips">
          <span className="svc-chip">{t('start.chip.protect')}</span>
          <span className="svc-chip">{t('start.chip.compare')}</span>
          <span className="svc-chip">{t('start.chip.docx')}</span>
        </div>
      </header>

      <div className="ck-grid">
        <section className="svc-card">
          <div className="ck-field">
            <span className="ck-label">{t('start.edition')}</span>
            <div className="ck-editions">
              {EDITIONS.map((e) => (
                <button
                  key={e}
                  type="button"
                  aria-pressed={edition === e}
                  className={`ck-edition${edition === e ? ' is-active' : ''}`}
                  onClick={() => setEdition(e)}
                  data-testid={`mc-edition-${e}`}
                >
                  {e === initialEdition && (
                    <span className="ck-edition__badge">{t('start.recommended')}</span>
                  )}
                  <div className="ck-edition__name">{t(`edition.${e}`)}</div>
                  <div className="ck-edition__price">
                    {unit(e) !== undefined ? (
                      <>
                        <strong>{yuan(unit(e)!)}</strong> / {t('start.perThousand')}
                      </>
                    ) : (
                      '—'
                    )}
                  </div>
                  <div className="ck-edition__desc">{t(`start.editionDesc.${e}`)}</div>
                </button>
              ))}
            </div>
          </div>
          {blocked && (
            <Alert type="warning" showIcon style={{ marginBottom: 14 }} title={t('start.modelMissing')} />
          )}

          <TextField
            id="mc-title"
            label={t('start.titleLabel')}
            placeholder={t('start.titlePlaceholder')}
            value={title}
            onChange={setTitle}
          />

          <PaperSourceInput
            state={paper}
            ns="machine"
            keyPrefix="start"
            testId="mc"
            dragHint={t('start.dragHint', { chars: num(config?.maxChars ?? 100_000) })}
          />
          <WordCountBar
            state={paper}
            ns="machine"
            keyPrefix="start"
            testId="mc"
            price={() => (
              <>
                {t(`edition.${edition}`)} <strong>{price !== undefined ? yuan(price) : '—'}</strong>
              </>
            )}
          />

          <SubmitButton
            testId="mc-next"
            disabled={!canSubmit}
            loading={submitting}
            onClick={() => void submit()}
            style={{ marginTop: 16 }}
            foot={t('start.noChargeYet')}
          >
            {t('start.next')}
          </SubmitButton>
        </section>

        <aside className="ck-side">
          <section className="svc-card">
            <h2>{t('start.priceTitle')}</h2>
            <PriceTable
              rows={EDITIONS.map((e) => ({
                key: e,
                label: t(`edition.${e}`),
                price: unitPrice(unit(e), t('start.perThousand')),
              }))}
              note={t('start.priceNote')}
            />
          </section>
          <NotesCard
            icon={<SafetyCertificateOutlined />}
            title={t('start.notesTitle')}
            notes={t('start.notes', { returnObjects: true }) as unknown as string[]}
          />
        </aside>
      </div>
    </div>
  );
}
