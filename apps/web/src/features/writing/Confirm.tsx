import { ReloadOutlined } from '@ant-design/icons';
import {
  leafCount,
  type OutlineNode,
  type ThesisCover,
  WRITING_LIMITS,
  type WritingRecord,
} from '@paperdesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, InputNumber, Popconfirm, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { loadWriting, loadWritingOther, redraftOutline, submitWriting } from './api.ts';
import { toast } from '../../utils/feedback.ts';
import { yuan } from '../../shared/format.ts';
import { STATUS_COLORS } from '../../shared/records/status.ts';
import { confirmPath, contentPath } from './config.ts';
import OutlineEditor, { outlineProblem } from './OutlineEditor.tsx';
import '../check/check.css';
import { RecordLoading, RecordNotFound } from './states.tsx';
import './writing.css';
import { queryKeys, usePolledRecord } from '../../shared/records/queries.ts';
import { PayCard } from '../../shared/records/ConfirmParts.tsx';
import { choiceActions, PayChoice, usePayChoice } from '../../shared/billing/PayChoice.tsx';
import { Field, PageHero } from '../../shared/records/FormParts.tsx';
import { useAccount } from '../../shared/account/hooks.ts';
import { SavedSources } from './Sources.tsx';

const COVER_FIELDS: (keyof ThesisCover)[] = [
  'school',
  'college',
  'major',
  'className',
  'student',
  'studentId',
  'supervisor',
];
const emptyCover = (): ThesisCover => ({
  school: '',
  college: '',
  major: '',
  className: '',
  student: '',
  studentId: '',
  supervisor: '',
});

interface Draft {
  title: string;
  targetWords: number;
  requirements: string;
  outline: OutlineNode[];
  cover: ThesisCover;
}

/**
 * /paperwirte/wirte/:id (课程/期刊论文) and /paperwirte/biye?id= (毕业论文, with the cover fields): edit the
 * outline, see the price and what pays it, submit. The charge and the state change are one transaction server-side.
 */
export default function ConfirmWriting() {
  const { t } = useTranslation('writing');
  const params = useParams();
  const [search] = useSearchParams();
  const id = Number(params.id ?? search.get('id'));
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [redrafting, setRedrafting] = useState(false);

  const record = usePolledRecord('writing', id, async (id) => (await loadWriting(id)).result, {
    poll: false,
  });
  const other = useQuery({
    queryKey: queryKeys.recordPart('writing', id, 'other'),
    queryFn: async () => (await loadWritingOther(id)).result,
    enabled: Number.isInteger(id) && id > 0,
  });
  const account = useAccount();
  const choice = usePayChoice({
    area: 'writing',
    recordType: 'writing',
    recordId: id,
    enabled: record.data?.status === 'created',
  });

  const r = record.data;
  useEffect(() => {
    if (!r || draft || !other.data) return;
    setDraft({
      title: r.title,
      targetWords: r.targetWords,
      requirements: other.data.requirements,
      outline: r.outline,
      cover: other.data.cover ?? emptyCover(),
    });
  }, [r, draft, other.data]);

  if (record.isLoading || (r && !draft && r.status === 'created')) {
    return <RecordLoading />;
  }
  if (!r) {
    return <RecordNotFound />;
  }
  if (r.status !== 'created') return <Navigate to={contentPath(r.id)} replace />;
  const thesis = r.paperType === 'thesis';
  // a thesis opened on the paper page (or the reverse) moves to its own page
  if (thesis !== !params.id) return <Navigate to={confirmPath(r)} replace />;
  if (!draft) return null;

  const update = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const problem = outlineProblem(draft.outline);
  const leaves = leafCount(draft.outline);
  const pay = choiceActions(choice, () => undefined);

  async function redraft() {
    setRedrafting(true);
    try {
      const next = (await redraftOutline(id)).result;
      qc.setQueryData<WritingRecord>(queryKeys.record('writing', id), next);
      setDraft((d) => (d ? { ...d, outline: next.outline } : d));
      void other.refetch();
      toast().success(t('confirm.redrafted'));
    } catch {
      // shown by the request layer
    } finally {
      setRedrafting(false);
    }
  }

  async function submit() {
    if (!draft) return;
    if (problem) {
      toast().warning(t(`confirm.${problem}`));
      return;
    }
    setSubmitting(true);
    try {
      const form = {
        id,
        title: draft.title,
        targetWords: draft.targetWords,
        requirements: draft.requirements,
        outline: draft.outline,
        ...(choice.pay ? { pay: choice.pay } : {}),
      };
      const done = await submitWriting(form, thesis ? draft.cover : undefined);
      qc.setQueryData(queryKeys.record('writing', id), done.result);
      await qc.invalidateQueries({ queryKey: queryKeys.account });
      navigate(contentPath(id));
    } catch {
      // 402 and others: the request layer shows the message; refresh the wallet
      void account.refetch();
      void choice.refetch();
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="svc-page wr-page">
      <PageHero
        title={thesis ? t('confirm.thesisTitle') : t('confirm.title')}
        subtitle={t('confirm.subtitle')}
      />
      <div className="ck-grid">
        <div>
          <section className="svc-card">
            <h2>
              {t('confirm.info')} <Tag color={STATUS_COLORS[r.status]}>{t(`status.${r.status}`)}</Tag>
            </h2>
            <Field id="wr-c-title" label={t('confirm.titleLabel')}>
              <Input
                id="wr-c-title"
                size="large"
                maxLength={100}
                value={draft.title}
                onChange={(e) => update({ title: e.target.value })}
                data-testid="wr-confirm-title"
              />
            </Field>
            <div className="ck-row2">
              <div className="ck-field">
                <span className="ck-label">{t('confirm.type')}</span>
                <div className="wr-static">
                  {t(`type.${r.paperType}`)} · {t(`language.${r.language}`)}
                  {r.discipline ? ` · ${r.discipline}` : ''}
                </div>
              </div>
              <Field id="wr-c-words" label={t('confirm.words')}>
                <InputNumber<number>
                  id="wr-c-words"
                  style={{ width: '100%' }}
                  min={WRITING_LIMITS.minWords}
                  max={WRITING_LIMITS.maxWords}
                  step={1000}
                  value={draft.targetWords}
                  onChange={(v) => update({ targetWords: v ?? r.targetWords })}
                />
              </Field>
            </div>
            <Field id="wr-c-req" label={t('confirm.requirements')} style={{ marginBottom: 0 }}>
              <Input.TextArea
                id="wr-c-req"
                maxLength={1000}
                autoSize={{ minRows: 2, maxRows: 6 }}
                placeholder={t('confirm.requirementsPlaceholder')}
                value={draft.requirements}
                onChange={(e) => update({ requirements: e.target.value })}
              />
            </Field>
          </section>

          {thesis && (
            <section className="svc-card">
              <h2>
                {t('confirm.cover')} <span className="svc-muted">{t('confirm.coverHint')}</span>
              </h2>
              <div className="wr-cover">
                {COVER_FIELDS.map((f) => (
                  <Field key={f} id={`wr-cover-${f}`} label={t(`confirm.coverFields.${f}`)}>
                    <Input
                      id={`wr-cover-${f}`}
                      maxLength={f === 'student' || f === 'studentId' || f === 'supervisor' ? 30 : 50}
                      value={draft.cover[f]}
                      onChange={(e) => update({ cover: { ...draft.cover, [f]: e.target.value } })}
                    />
                  </Field>
                ))}
              </div>
            </section>
          )}

          <SavedSources recordId={id} />

          <section className="svc-card">
            <div className="svc-toolbar">
              <h2 style={{ margin: 0 }}>
                {t('confirm.outline')}{' '}
                <span className="svc-muted">
                  {t('confirm.outlineStats', { chapters: draft.outline.length, leaves })}
                </span>
              </h2>
              <Popconfirm title={t('confirm.redraftConfirm')} onConfirm={() => void redraft()}>
                <Button icon={<ReloadOutlined />} loading={redrafting}>
                  {t('confirm.redraft')}
                </Button>
              </Popconfirm>
            </div>
            <OutlineEditor value={draft.outline} onChange={(outline) => update({ outline })} />
            {problem && (
              <Alert type="warning" showIcon style={{ marginTop: 12 }} title={t(`confirm.${problem}`)} />
            )}
          </section>
        </div>

        <aside className="ck-side wr-sticky">
          <PayCard
            title={t('confirm.payTitle')}
            ready={!!choice.data}
            box={{
              testId: 'wr-pay-box',
              payableTestId: 'wr-payable',
              labels: {
                price: t('confirm.price'),
                balance: t('confirm.balance'),
                payable: t('confirm.payable'),
              },
              price: `${t(`type.${r.paperType}`)} · ${yuan(r.priceFen)}`,
              balanceFen: pay.balanceFen,
              payableFen: pay.payableFen,
            }}
            lines={choice.data && <PayChoice data={choice.data} way={choice.way} onChange={choice.setWay} />}
            actions={{
              ns: 'writing',
              keyPrefix: 'confirm',
              ...pay,
              yuan,
              shortHint: t('confirm.shortHint'),
              submitting,
              onSubmit: () => void submit(),
              testId: 'wr-submit',
            }}
          />
        </aside>
      </div>
    </div>
  );
}
