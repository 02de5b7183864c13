import {
  CheckCircleFilled,
  DownloadOutlined,
  FileWordOutlined,
  LoadingOutlined,
  PlusOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import {
  PPT_SLIDE_RANGE,
  type PptOutlineSection,
  type PptRecord,
  type PptScene,
  type PptTemplate,
} from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, InputNumber, Progress, Segmented, Skeleton, Tag, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  changeTemplate,
  downloadPpt,
  generateOutline,
  getOutlineQuota,
  getTemplateList,
  loadPpt,
  readSource,
  savePpt,
  submitPpt,
} from './api.ts';
import { useAppStore } from '../../store/app.ts';
import { useLoginGate } from '../../shared/records/useGuardedSubmit.ts';
import { toast } from '../../utils/feedback.ts';
import { RequestError } from '../../utils/request.ts';
import { yuan } from '../../shared/format.ts';
import { STATUS_COLORS } from '../../shared/records/status.ts';
import OutlineEditor, { outlineProblem } from './OutlineEditor.tsx';
import SlidePreview from './SlidePreview.tsx';
import TemplateGallery from './TemplateGallery.tsx';
import { Field, PageHero, TextField } from '../../shared/records/FormParts.tsx';
import { PayChoiceModal } from '../../shared/billing/PayChoiceModal.tsx';
import { NoModelBanner, useModelFeature } from '../../shared/model/NoModelBanner.tsx';
import '../check/check.css';
import './aippt.css';
import { queryKeys, usePolledRecord } from '../../shared/records/queries.ts';

const SCENES: PptScene[] = ['defense', 'proposal', 'course', 'work', 'academic'];

/** /aippt/ppt (and /aippt/ppttype/:id with a template chosen): topic → outline → deck → preview and download. */
export default function GeneratePpt() {
  const { t } = useTranslation('ppt');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { loggedIn, pass: loginFirst } = useLoginGate(t('form.loginFirst'));
  const openLogin = useAppStore((s) => s.openLogin);
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const id = Number(search.get('id')) || null;

  const templates = useQuery({
    queryKey: queryKeys.pptTemplates,
    queryFn: async () => (await getTemplateList()).result,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // whether a model serves PPT (`feature.llm`, written by the server at start): without one nothing can be made
  const noModel = useModelFeature('ppt').available === false;
  const quota = useQuery({
    queryKey: queryKeys.pptOutlineQuota,
    queryFn: async () => (await getOutlineQuota()).result,
    enabled: loggedIn,
  });
  const record = usePolledRecord('ppt', id, async (id) => (await loadPpt(id, true)).result, {
    enabled: loggedIn,
  });
  const rec = record.data ?? null;

  const [topic, setTopic] = useState('');
  const [speaker, setSpeaker] = useState('');
  const [scene, setScene] = useState<PptScene>('defense');
  const [slideCount, setSlideCount] = useState(15);
  const [sourceText, setSourceText] = useState('');
  const [sourceNote, setSourceNote] = useState('');
  const [templateId, setTemplateId] = useState(params.id ?? 'academic-blue');
  const [sections, setSections] = useState<PptOutlineSection[]>([]);
  const [busy, setBusy] = useState<'outline' | 'submit' | 'template' | 'upload' | null>(null);
  const [payError, setPayError] = useState('');
  /** The saved record whose pay choice is open (the user picks quota, balance or balance + QR). */
  const [choosing, setChoosing] = useState<number | null>(null);

  // a record opened from the list (or just drafted) fills the form, once per record
  const [filledFor, setFilledFor] = useState<number | null>(null);
  if (rec && rec.id !== filledFor) {
    setFilledFor(rec.id);
    setTopic(rec.topic);
    setSpeaker(rec.speaker);
    setScene(rec.scene);
    setSlideCount(rec.slideCount);
    setSourceText(rec.sourceText);
    setTemplateId(rec.templateId);
    setSections(rec.outline?.sections ?? []);
  }
  useEffect(() => {
    if (params.id) setTemplateId(params.id);
  }, [params.id]);

  const showRecord = (r: PptRecord) => {
    queryClient.setQueryData(['ppt', r.id], r);
    if (r.id !== id) setSearch({ id: String(r.id) }, { replace: true });
  };

  const form = () => ({ topic, speaker, scene, slideCount, sourceText, templateId, ...(id ? { id } : {}) });

  async function draftOutline() {
    if (!topic.trim()) {
      toast().warning(t('form.topicRequired'));
      return;
    }
    if (!loginFirst()) return;
    setBusy('outline');
    try {
      const saved = (await savePpt(form())).result;
      const drafted = (await generateOutline(saved.id)).result;
      setSections(drafted.outline?.sections ?? []);
      showRecord(drafted);
      void quota.refetch();
    } catch {
      // the request layer shows why (503 no model, 429 daily limit, 400 bad input)
    } finally {
      setBusy(null);
    }
  }

  async function generate() {
    const problem = outlineProblem(sections);
    if (problem) {
      toast().warning(t(`outline.${problem}`));
      return;
    }
    setBusy('submit');
    setPayError('');
    try {
      // saving announces its own failures; submitting is silent so a 402 shows here with what to buy
      const saved = await savePpt({ ...form(), outline: { sections } }).catch(() => null);
      if (saved) setChoosing(saved.result.id);
    } catch (e) {
      if (e instanceof RequestError && e.status === 402) setPayError(e.message);
      else toast().error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  }

  async function pickTemplate(next: PptTemplate) {
    setTemplateId(next.id);
    if (rec?.status !== 'done') return;
    setBusy('template');
    try {
      showRecord((await changeTemplate(rec.id, next.id)).result);
      toast().success(t('preview.switched', { name: next.name }));
    } catch {
      setTemplateId(rec.templateId);
    } finally {
      setBusy(null);
    }
  }

  async function upload(file: File) {
    setBusy('upload');
    try {
      const r = (await readSource(file)).result;
      setSourceText(r.text);
      setSourceNote(
        `${t('form.uploaded', { name: r.fileName, count: r.characters })}${r.truncated ? `；${t('form.truncated')}` : ''}`,
      );
    } catch {
      // shown by the request layer (415 wrong type, 422 unreadable)
    } finally {
      setBusy(null);
    }
  }

  const list = templates.data ?? [];
  const chosen = list.find((x) => x.id === templateId) ?? null;
  const editable = !rec || rec.status === 'created';
  // as the server plans it: title, 目录 and 谢谢, a header page per section when there is room, the rest content
  const n = Math.max(1, sections.length);
  const room = slideCount - 3 - (slideCount - 3 - n >= n ? n : 0);
  const perSection = Math.max(1, Math.round(room / n));
  const left = quota.data ? Math.max(0, quota.data.limit - quota.data.usedToday) : null;

  return (
    <div className="svc-page pp-page">
      <PageHero
        title={t('hero.title')}
        subtitle={t('hero.subtitle')}
        chips={[
          t('hero.chip.outline'),
          t('hero.chip.edit'),
          t('hero.chip.templates', { count: list.length || 6 }),
        ]}
      />

      {id !== null && record.isLoading ? (
        <section className="svc-card">
          <Skeleton active />
        </section>
      ) : editable ? (
        <>
          <section className="svc-card" data-testid="pp-form">
            <h2>{t('form.step')}</h2>
            <NoModelBanner feature="ppt" testId="pp-no-model" className="pp-no-model" />
            <TextField
              id="pp-topic"
              label={t('form.topic')}
              maxLength={100}
              showCount
              placeholder={t('form.topicPlaceholder')}
              value={topic}
              onChange={setTopic}
            />
            <div className="pp-row3">
              <Field id="pp-speaker" label={t('form.speaker')}>
                <Input
                  id="pp-speaker"
                  maxLength={50}
                  placeholder={t('form.speakerPlaceholder')}
                  value={speaker}
                  onChange={(e) => setSpeaker(e.target.value)}
                />
              </Field>
              <Field label={t('form.scene')}>
                <Segmented
                  className="pp-scenes"
                  value={scene}
                  onChange={(v) => setScene(v as PptScene)}
                  options={SCENES.map((s) => ({ value: s, label: t(`scene.${s}`) }))}
                />
              </Field>
              <Field id="pp-slides" label={t('form.slides')}>
                <InputNumber
                  id="pp-slides"
                  min={PPT_SLIDE_RANGE.min}
                  max={PPT_SLIDE_RANGE.max}
                  value={slideCount}
                  onChange={(v) => setSlideCount(v ?? 15)}
                  addonAfter={t('form.slidesUnit')}
                />
              </Field>
            </div>
            <div className="ck-field">
              <div className="pp-label-row">
                <label className="ck-label" htmlFor="pp-source">
                  {t('form.source')}
                </label>
                <Upload
                  accept=".docx,.pdf,.txt"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    if (!loggedIn) openLogin();
                    else void upload(file);
                    return false;
                  }}
                >
                  <Button size="small" icon={<FileWordOutlined />} loading={busy === 'upload'}>
                    {t('form.upload')}
                  </Button>
                </Upload>
              </div>
              <Input.TextArea
                id="pp-source"
                rows={3}
                maxLength={20_000}
                placeholder={t('form.sourcePlaceholder')}
                value={sourceText}
                onChange={(e) => setSourceText(e.target.value)}
              />
              {sourceNote && <div className="svc-muted pp-note">{sourceNote}</div>}
            </div>
            <Field label={t('form.template')}>
              <TemplateGallery
                templates={list}
                loading={templates.isLoading}
                value={templateId}
                onChange={pickTemplate}
              />
            </Field>
            <div className="pp-actions">
              <Button
                type={sections.length ? 'default' : 'primary'}
                size="large"
                icon={<ThunderboltOutlined />}
                loading={busy === 'outline'}
                disabled={noModel}
                onClick={() => void draftOutline()}
                data-testid="pp-draft"
              >
                {sections.length ? t('form.regenerateOutline') : t('form.generateOutline')}
              </Button>
              {left !== null && <span className="svc-muted">{t('form.quota', { left })}</span>}
            </div>
          </section>

          {sections.length > 0 && rec && (
            <section className="svc-card" data-testid="pp-outline-card">
              <h2>{t('outline.step')}</h2>
              <p className="svc-muted pp-hint">{t('outline.hint', { per: perSection })}</p>
              <OutlineEditor value={sections} onChange={setSections} />
              <div className="pp-submit">
                <div>
                  <div className="pp-price">{t('outline.price', { price: yuan(rec.priceFen) })}</div>
                  <div className="svc-muted">{t('outline.priceNote')}</div>
                </div>
                <Button
                  type="primary"
                  size="large"
                  loading={busy === 'submit'}
                  onClick={() => void generate()}
                  data-testid="pp-generate"
                >
                  {t('outline.generate')}
                </Button>
              </div>
              {payError && (
                <Alert
                  className="pp-pay"
                  type="warning"
                  showIcon
                  message={t('pay.short')}
                  description={payError}
                  action={
                    <Button type="primary" onClick={() => navigate('/order/taocan')}>
                      {t('pay.topUp')}
                    </Button>
                  }
                />
              )}
            </section>
          )}
        </>
      ) : rec ? (
        <Result
          record={rec}
          templates={list}
          chosen={chosen}
          busy={busy === 'template'}
          onPick={pickTemplate}
        />
      ) : null}
      <PayChoiceModal
        area="ppt"
        recordType="ppt"
        recordId={choosing}
        title={t('order:service.ppt')}
        onPay={async (way) => {
          const r = (await submitPpt(choosing as number, way)).result;
          setChoosing(null);
          showRecord(r);
        }}
        onClose={() => setChoosing(null)}
        onQrClosed={(paid) => {
          setChoosing(null);
          void loadPpt(paid, true).then((r) => showRecord(r.result));
        }}
      />
    </div>
  );
}

function Result(props: {
  record: PptRecord;
  templates: PptTemplate[];
  chosen: PptTemplate | null;
  busy: boolean;
  onPick: (t: PptTemplate) => void;
}) {
  const { t } = useTranslation('ppt');
  const { record: r, chosen } = props;
  if (r.status !== 'done') {
    return (
      <section className="svc-card pp-progress" data-testid="pp-progress">
        <h2>
          {t('progress.step')} <Tag color={STATUS_COLORS[r.status]}>{t(`status.${r.status}`)}</Tag>
        </h2>
        <div className="pp-progress__topic">{r.topic}</div>
        {r.status === 'failed' ? (
          <Alert type="error" showIcon message={t('progress.failed')} description={r.message} />
        ) : (
          <>
            <Progress percent={r.progress} status="active" />
            <div className="svc-muted">
              <LoadingOutlined />{' '}
              {r.status === 'queued' ? t('progress.queued') : `${t('progress.running')} · ${r.message}`}
            </div>
          </>
        )}
        {r.status === 'failed' && (
          <Link to="/aippt/ppt" reloadDocument>
            <Button icon={<PlusOutlined />}>{t('preview.newDeck')}</Button>
          </Link>
        )}
      </section>
    );
  }
  const slides = r.slides ?? [];
  return (
    <section className="svc-card pp-result" data-testid="pp-result">
      <div className="svc-split pp-result__head">
        <div>
          <h2>
            <CheckCircleFilled className="pp-ok" /> {r.topic}
          </h2>
          <div className="svc-muted">
            {chosen?.name} · {t('preview.slides', { count: slides.length })}
          </div>
        </div>
        <div className="ck-actions">
          <Button
            type="primary"
            size="large"
            icon={<DownloadOutlined />}
            onClick={() => void downloadPpt(r.id)}
            data-testid="pp-download"
          >
            {t('preview.download')}
          </Button>
          <Link to="/aippt/ppt" reloadDocument>
            <Button size="large" icon={<PlusOutlined />}>
              {t('preview.newDeck')}
            </Button>
          </Link>
        </div>
      </div>
      <div className="ck-label">
        {t('preview.switchTemplate')} {props.busy && <LoadingOutlined />}
      </div>
      <TemplateGallery templates={props.templates} value={r.templateId} onChange={props.onPick} compact />
      <SlidePreview slides={slides} template={chosen} />
    </section>
  );
}
