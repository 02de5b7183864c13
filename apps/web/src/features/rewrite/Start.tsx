import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { MachineEdition } from '@paperdesk/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { machineInit, machineWordCount } from './api.ts';
import { num, yuan } from '../../shared/format.ts';
import '../check/check.css';
import './machine.css';
import { PaperSourceInput, usePaperSource, WordCountBar } from '../../shared/records/PaperSource.tsx';
import { EditionCards, PriceSide, StartPage, SubmitButton } from '../../shared/records/FormParts.tsx';
import { useGuardedSubmit } from '../../shared/records/useGuardedSubmit.ts';
import { usePublicConfig } from './hooks.ts';

export const EDITIONS: MachineEdition[] = ['standard', 'cnki'];

import { NoModelBanner } from '../../shared/model/NoModelBanner.tsx';
/**
 * The 降重 submit page: paste or upload, pick 智能降重 or 知网专版, see the characters and the price, then
 * create the record and go to the confirm view. /nlp/machine opens on 智能降重, /cnki/cnki on 知网专版.
 */
export default function StartRewrite({ initialEdition }: { initialEdition: MachineEdition }) {
  const { t } = useTranslation('machine');
  const navigate = useNavigate();
  const { submitting, run } = useGuardedSubmit(t('start.loginFirst'));
  const [title, setTitle] = useState('');
  const [edition, setEdition] = useState<MachineEdition>(initialEdition);
  const config = usePublicConfig().data;
  const paper = usePaperSource({ initialMode: 'paste', count: machineWordCount, typingDelayMs: 600 });
  const { sent, count } = paper;
  const modelAvailable = count.result?.modelAvailable ?? config?.modelAvailable ?? true;
  // without a model 知网专版 cannot run, so the page (also /cnki/cnki from the top nav) opens on what works
  useEffect(() => {
    if (!modelAvailable) setEdition((e) => (e === 'cnki' ? 'standard' : e));
  }, [modelAvailable]);

  const unit = (e: MachineEdition) =>
    count.result?.quotes.find((q) => q.edition === e)?.unitPriceFen ?? config?.prices[e];
  const units = EDITIONS.map((e) => ({ key: e, label: t(`edition.${e}`), fen: unit(e) }));
  const price = count.result?.quotes.find((q) => q.edition === edition)?.priceFen;
  const blocked = edition === 'cnki' && !modelAvailable;
  const canSubmit = paper.ready && !submitting && !blocked;

  const submit = () =>
    run(async () => {
      if (!sent) return;
      const r = await machineInit(edition, title.trim(), sent);
      navigate(`/machine/submit/${r.result.id}`);
    });

  const cnkiPage = initialEdition === 'cnki';
  return (
    <StartPage
      className={cnkiPage ? 'mc-cnki' : undefined}
      title={t(cnkiPage ? 'start.cnkiTitle' : 'start.smartTitle')}
      subtitle={t(cnkiPage ? 'start.cnkiSubtitle' : 'start.smartSubtitle')}
      chips={[t('start.chip.protect'), t('start.chip.compare'), t('start.chip.docx')]}
      side={
        <PriceSide
          ns="machine"
          keyPrefix="start"
          units={units}
          notes={{ icon: <SafetyCertificateOutlined />, key: 'notes' }}
        />
      }
    >
      <EditionCards<MachineEdition>
        ns="machine"
        keyPrefix="start"
        units={units}
        recommended={initialEdition}
        value={edition}
        onChange={setEdition}
        testIdPrefix="mc-edition-"
      />
      {!modelAvailable && <NoModelBanner feature="rewrite" testId="mc-model-missing" />}

      <PaperSourceInput
        state={paper}
        title={{ value: title, onChange: setTitle }}
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
    </StartPage>
  );
}
