import { ExperimentOutlined } from '@ant-design/icons';
import type { ReduceGoal, ReduceKind, ReducePath, ReduceWordCount } from '@paperdesk/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { num, yuan } from '../../shared/format.ts';
import { PageHero, PriceSide, SubmitButton } from '../../shared/records/FormParts.tsx';
import { useGuardedSubmit } from '../../shared/records/useGuardedSubmit.ts';
import {
  PaperSourceInput,
  type PaperSourceState,
  type SourceMode,
  usePaperSource,
  WordCountBar,
} from '../../shared/records/PaperSource.tsx';
import { reduceInit, reduceWordCount } from './api.ts';
import { type UnitPrices, unitPrices, usePublicPrices } from './pricing.ts';
import { reduceContentPath } from '../../shared/paths/reduce.ts';
import { SubmitChoices } from './SubmitChoices.tsx';
import { useModelAvailable } from './useModelAvailable.ts';
import { useReduceForm } from './useReduceForm.ts';
import '../check/check.css';
import './reduce.css';

export type SubmitVariant = 'similarity' | 'aigc' | 'aigcPaper';

const VARIANTS: Record<SubmitVariant, { kind: ReduceKind; goal: ReduceGoal; mode: SourceMode }> = {
  similarity: { kind: 'similarity', goal: 'similarity', mode: 'upload' },
  aigc: { kind: 'aigc', goal: 'aigc', mode: 'paste' },
  aigcPaper: { kind: 'aigc', goal: 'aigc', mode: 'upload' },
};

/** The price line under the input: the chosen path's price for this text. */
export function pathPrice(result: ReduceWordCount, path: ReducePath) {
  return result.quotes.find((q) => q.path === path)?.priceFen;
}

/**
 * A whole-paper submit page: targets (复制比, AIGC 疑似度 or both), offline or model path, the paper, then a
 * payable record and its confirm view. 降重 (/papermachinesubmit/papermachine) and 降AIGC (/aigcdown/machine,
 * /papermachinesubmit/aigc) differ in product, first goal and first input mode.
 */
export default function SubmitPage({ variant }: { variant: SubmitVariant }) {
  const { t } = useTranslation('reduce');
  const navigate = useNavigate();
  const { submitting, run } = useGuardedSubmit(t('submit.loginFirst'));
  const v = VARIANTS[variant];
  const form = useReduceForm(v.kind, v.goal);
  const [title, setTitle] = useState('');
  const paper = usePaperSource<ReduceWordCount>({
    initialMode: v.mode,
    count: (source, opts) => reduceWordCount(v.kind, source, opts),
    typingDelayMs: 600,
  });
  const modelAvailable = useModelAvailable(paper.count.result);
  const counted = paper.count.result;
  const measured = counted && { rates: counted.successRates, offlineGoals: counted.offlineGoals };
  // where offline is not sold for the goal the model path is the one to send (the confirm page says so without one)
  const offlineRefused = measured !== undefined && !measured.offlineGoals.includes(form.targets.goal);
  const path = modelAvailable ? (offlineRefused ? 'model' : form.path) : 'offline';
  const units = unitPrices(paper.count.result?.quotes, usePublicPrices(v.kind));

  async function next() {
    const targets = form.validate();
    const source = paper.sent;
    if (!targets || !source) return;
    await run(async () => {
      const r = await reduceInit({ title: title.trim(), kind: v.kind, path, targets }, source);
      navigate(reduceContentPath(r.result.id));
    });
  }

  const heading = variant === 'similarity' ? 'similarity' : variant === 'aigc' ? 'aigc' : 'aigcPaper';
  return (
    <div className={`svc-page rd-page rd-${v.kind}`}>
      <PageHero
        title={t(`submit.${heading}Title`)}
        subtitle={t(`submit.${heading}Subtitle`)}
        chips={[t('submit.chip.dual'), t('submit.chip.measured'), t('submit.chip.docx')]}
      />

      <div className="ck-grid">
        <section className="svc-card">
          <SubmitChoices
            form={form}
            path={offlineRefused && !modelAvailable ? null : path}
            units={units}
            modelAvailable={modelAvailable}
            modelFeature={v.kind === 'aigc' ? 'aigc' : 'rewrite'}
            {...(measured ? { measured } : {})}
          />
          <PaperSourceInput
            state={paper}
            title={{ value: title, onChange: setTitle }}
            ns="reduce"
            keyPrefix="submit"
            testId="rd"
            dragHint={t('submit.dragHint', { chars: num(paper.count.result?.maxChars ?? 100_000) })}
          />
          <PathWordCount paper={paper} path={path} />
          <SubmitButton
            testId="rd-next"
            disabled={!paper.ready || submitting}
            loading={submitting}
            onClick={() => void next()}
            style={{ marginTop: 16 }}
            foot={t('submit.noChargeYet')}
          >
            {t('submit.next')}
          </SubmitButton>
        </section>
        <SubmitSide units={units} />
      </div>
    </div>
  );
}

/** The characters of the paper and what the chosen path costs for them, under the paper input. */
export function PathWordCount({
  paper,
  path,
}: {
  paper: PaperSourceState<ReduceWordCount>;
  path: ReducePath;
}) {
  const { t } = useTranslation('reduce');
  return (
    <WordCountBar
      state={paper}
      ns="reduce"
      keyPrefix="submit"
      testId="rd"
      price={(result) => {
        const fen = pathPrice(result, path);
        return (
          <>
            {t(`path.${path}`)} <strong>{fen !== undefined ? yuan(fen) : '—'}</strong>
          </>
        );
      }}
    />
  );
}

/** Prices and how the loop works, beside every submit form. */
export function SubmitSide({ units }: { units: UnitPrices }) {
  const { t } = useTranslation('reduce');
  return (
    <PriceSide
      ns="reduce"
      keyPrefix="submit"
      units={(['offline', 'model'] as const).map((p) => ({ key: p, label: t(`path.${p}`), fen: units[p] }))}
      notes={{ icon: <ExperimentOutlined />, key: 'how' }}
    />
  );
}
