import { BulbOutlined, LoadingOutlined, WarningOutlined } from '@ant-design/icons';
import { type PaperLanguage, type PaperType, WRITING_LIMITS } from '@paperdesk/contracts';
import { Input, InputNumber, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { draftOutline, saveSources } from './api.ts';
import { hasSources, NO_SOURCES, Sources } from './Sources.tsx';
import { useGuardedSubmit } from '../../shared/records/useGuardedSubmit.ts';
import { toast } from '../../utils/feedback.ts';
import { yuan } from '../../shared/format.ts';
import {
  Field,
  NotesCard,
  OptionCards,
  PageHero,
  PriceTable,
  SubmitButton,
  TextField,
} from '../../shared/records/FormParts.tsx';
import { confirmPath, useWritingConfig } from './config.ts';
import '../check/check.css';
import './writing.css';
import { NoModelBanner, useModelFeature } from '../../shared/model/NoModelBanner.tsx';

const TYPES: PaperType[] = ['course', 'journal', 'thesis'];
const DEFAULT_WORDS: Record<PaperType, number> = { course: 3000, journal: 6000, thesis: 10000 };

/** /papergc/gc: what to write; the model drafts an outline (free, a few a day) and the confirm page opens. */
export default function GeneratePaper() {
  const { t } = useTranslation('writing');
  const navigate = useNavigate();
  const draft = useGuardedSubmit(t('generate.loginFirst'));
  const config = useWritingConfig().data;
  const [paperType, setPaperType] = useState<PaperType>('course');
  const [title, setTitle] = useState('');
  const [discipline, setDiscipline] = useState('');
  const [targetWords, setTargetWords] = useState<number>(DEFAULT_WORDS.course);
  const [language, setLanguage] = useState<PaperLanguage>('zh');
  const [keywords, setKeywords] = useState('');
  const [requirements, setRequirements] = useState('');
  const [sources, setSources] = useState(NO_SOURCES);

  async function submit() {
    if (model.available === false) return;
    if (!title.trim()) {
      toast().warning(t('generate.titleRequired'));
      return;
    }
    await draft.run(async () => {
      const r = await draftOutline({
        title,
        paperType,
        discipline,
        targetWords,
        language,
        keywords,
        requirements,
      });
      if (hasSources(sources))
        await saveSources(r.result.id, sources).catch(() => toast().warning(t('sources.saveFailed')));
      navigate(confirmPath(r.result));
    });
  }

  // without a model nothing can be written: the banner says so on arrival and the button stays off
  const model = useModelFeature('writing');
  const price = (type: PaperType) => {
    const fen = type === 'thesis' ? config?.thesisFen : config?.standardFen;
    return fen === null || fen === undefined ? '—' : yuan(fen);
  };

  return (
    <div className="svc-page wr-page">
      <PageHero
        title={t('generate.title')}
        subtitle={t('generate.subtitle')}
        chips={[t('generate.chip.outline'), t('generate.chip.edit'), t('generate.chip.docx')]}
      />
      <div className="ck-grid">
        <section className="svc-card">
          <NoModelBanner feature="writing" />
          <OptionCards<PaperType>
            label={t('generate.paperType')}
            className="wr-types"
            options={TYPES.map((type) => ({
              key: type,
              name: t(`type.${type}`),
              price: (
                <>
                  <strong>{price(type)}</strong> / {t('generate.perPaper')}
                </>
              ),
              desc: t(`generate.typeDesc.${type}`),
            }))}
            value={paperType}
            onChange={(type) => {
              setPaperType(type);
              setTargetWords(DEFAULT_WORDS[type]);
            }}
            testIdPrefix="wr-type-"
          />
          <TextField
            id="wr-title"
            label={t('generate.titleLabel')}
            maxLength={100}
            showCount
            placeholder={t('generate.titlePlaceholder')}
            value={title}
            onChange={setTitle}
            onEnter={() => void submit()}
          />
          <div className="ck-row2">
            <TextField
              id="wr-discipline"
              label={t('generate.discipline')}
              maxLength={50}
              placeholder={t('generate.disciplinePlaceholder')}
              value={discipline}
              onChange={setDiscipline}
            />
            <Field id="wr-words" label={t('generate.words')}>
              <InputNumber<number>
                id="wr-words"
                size="large"
                style={{ width: '100%' }}
                min={WRITING_LIMITS.minWords}
                max={WRITING_LIMITS.maxWords}
                step={1000}
                value={targetWords}
                onChange={(v) => setTargetWords(v ?? DEFAULT_WORDS[paperType])}
                suffix={t('generate.wordsUnit')}
              />
            </Field>
          </div>
          <div className="ck-row2">
            <Field label={t('generate.language')}>
              <Segmented<PaperLanguage>
                block
                size="large"
                value={language}
                onChange={setLanguage}
                options={(['zh', 'en'] as const).map((l) => ({ value: l, label: t(`language.${l}`) }))}
              />
            </Field>
            <TextField
              id="wr-keywords"
              label={t('generate.keywords')}
              placeholder={t('generate.keywordsPlaceholder')}
              value={keywords}
              onChange={setKeywords}
            />
          </div>
          <Field id="wr-req" label={t('generate.requirements')}>
            <Input.TextArea
              id="wr-req"
              maxLength={1000}
              autoSize={{ minRows: 3, maxRows: 8 }}
              placeholder={t('generate.requirementsPlaceholder')}
              value={requirements}
              onChange={(e) => setRequirements(e.target.value)}
            />
          </Field>
          <Sources value={sources} onChange={setSources} />
          <SubmitButton
            testId="wr-generate"
            icon={draft.submitting ? <LoadingOutlined /> : <BulbOutlined />}
            disabled={draft.submitting || model.available === false}
            onClick={() => void submit()}
            foot={t('generate.free', { count: config?.outlinesPerDay ?? 10 })}
          >
            {draft.submitting ? t('generate.drafting') : t('generate.submit')}
          </SubmitButton>
        </section>

        <aside className="ck-side">
          <section className="svc-card">
            <h2>{t('generate.stepsTitle')}</h2>
            <ol className="wr-steps">
              {(t('generate.steps', { returnObjects: true }) as unknown as string[]).map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
            <h2>{t('generate.priceTitle')}</h2>
            <PriceTable
              rows={TYPES.map((type) => ({
                key: type,
                label: t(`type.${type}`),
                price: `${price(type)} / ${t('generate.perPaper')}`,
              }))}
              note={t('generate.priceNote')}
            />
          </section>
          <NotesCard
            icon={<WarningOutlined />}
            title={t('generate.notesTitle')}
            notes={t('generate.notes', { returnObjects: true }) as unknown as string[]}
          />
        </aside>
      </div>
    </div>
  );
}
