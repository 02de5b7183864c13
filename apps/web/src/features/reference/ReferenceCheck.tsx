import { GiftOutlined } from '@ant-design/icons';
import {
  REFERENCE_FILE_TYPES,
  type ReferenceCheck as CheckResult,
  type ReferenceStandard,
} from '@paperdesk/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionCards, StartPage, SubmitButton } from '../../shared/records/FormParts.tsx';
import { type SourceMode, SourceInput } from '../../shared/records/SourceInput.tsx';
import { useGuardedSubmit } from '../../shared/records/useGuardedSubmit.ts';
import { ReferenceResult } from '../../shared/references/ReferenceResult.tsx';
import { toast } from '../../utils/feedback.ts';
import { checkFile, checkList } from './api.ts';
import '../check/check.css';

const STANDARDS: ReferenceStandard[] = ['2015', '2025'];

/**
 * /papercheck/refs: 参考文献核查 of a list on its own — pasted, or a file (a paper, a list, a reference-manager
 * export). Free (reference_api stores and charges nothing), so the page says so and has no price side.
 */
export default function ReferenceCheckPage() {
  const { t } = useTranslation('references');
  const { submitting, run } = useGuardedSubmit(t('page.loginFirst'));
  const [standard, setStandard] = useState<ReferenceStandard>('2015');
  const [mode, setMode] = useState<SourceMode>('paste');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<CheckResult | null>(null);
  const ready = mode === 'paste' ? text.trim().length > 0 : file !== null;

  const submit = () =>
    run(async () => {
      if (!ready) {
        toast().warning(t('page.empty'));
        return;
      }
      const r = mode === 'paste' || !file ? await checkList(text, standard) : await checkFile(file, standard);
      setResult(r.result);
    });

  return (
    <StartPage
      title={t('page.title')}
      subtitle={t('page.subtitle')}
      chips={[t('page.chip.format'), t('page.chip.verify'), t('page.chip.cite')]}
      side={
        <aside className="svc-card">
          <div className="ck-free" data-testid="refs-free">
            <GiftOutlined />
            <div>
              <strong>{t('page.free')}</strong>
              <span className="svc-muted">{t('page.freeNote')}</span>
            </div>
          </div>
          <p className="svc-muted" style={{ marginTop: 12 }}>
            {t('page.verdicts')}
          </p>
        </aside>
      }
      below={
        result && (
          <div style={{ marginTop: 18 }}>
            <ReferenceResult result={result} testId="refs-result" />
          </div>
        )
      }
    >
      <OptionCards<ReferenceStandard>
        label={t('page.standard')}
        id="refs-standard"
        options={STANDARDS.map((s) => ({
          key: s,
          name: t('chapter.standard', { year: s }),
          price: t('page.free'),
          desc: t(`page.standardDesc.${s}`),
        }))}
        value={standard}
        onChange={setStandard}
        testIdPrefix="refs-standard-"
      />
      <SourceInput
        mode={mode}
        onMode={setMode}
        labels={{ upload: t('page.upload'), paste: t('page.paste') }}
        text={text}
        onText={setText}
        placeholder={t('page.pastePlaceholder')}
        rows={{ minRows: 8, maxRows: 20 }}
        maxLength={400_000}
        drop={{
          accept: REFERENCE_FILE_TYPES.join(','),
          file,
          onFile: setFile,
          hints: [t('page.dragHint'), t('page.paperHint')],
        }}
        testId="refs"
      />
      <div style={{ marginTop: 16 }}>
        <SubmitButton
          testId="refs-submit"
          disabled={!ready || submitting}
          loading={submitting}
          onClick={() => void submit()}
        >
          {t('page.submit')}
        </SubmitButton>
      </div>
    </StartPage>
  );
}
