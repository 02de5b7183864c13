import { AuditOutlined, DatabaseOutlined, GiftOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { type CheckEdition, SMALL_LIBRARY_DOCUMENTS } from '@paperdesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Checkbox } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { checkPaths } from '../../shared/paths/check.ts';
import { readTextHandover } from '../../shared/paths/handover.ts';
import { checkInit, librarySize, wordCount } from './api.ts';
import { useFreeCheckOffer } from '../../hooks/usePublicFeature.ts';
import { toast } from '../../utils/feedback.ts';
import { num, yuan } from '../../shared/format.ts';
import {
  defaultTitleOf,
  finalTitleOf,
  PaperTitleFields,
  usePaperTitle,
} from '../../shared/records/PaperTitle.tsx';
import './check.css';
import { PaperSourceInput, usePaperSource, WordCountBar } from '../../shared/records/PaperSource.tsx';
import { EditionCards, PriceSide, StartPage, SubmitButton } from '../../shared/records/FormParts.tsx';
import { useGuardedSubmit } from '../../shared/records/useGuardedSubmit.ts';
import { useAccount } from '../../shared/account/hooks.ts';
import { useUnitPrices, useLimits } from './hooks.ts';

const EDITIONS: CheckEdition[] = ['standard', 'professional'];

/** /papercheck/check: upload or paste a paper, pick 普通版 or 专业版, see the price, then confirm. */
export default function PaperCheck() {
  const { t } = useTranslation('check');
  const navigate = useNavigate();
  const { loggedIn, submitting, run } = useGuardedSubmit(t('upload.loginFirst'));
  const handover = readTextHandover(useLocation().state);
  const titled = usePaperTitle(handover?.title);
  const [edition, setEdition] = useState<CheckEdition>('professional');
  const [addToLibrary, setAddToLibrary] = useState(false);

  const prices = useUnitPrices();
  const limits = useLimits().data ?? { maxUploadMb: 20, maxChars: 300_000 };
  const account = useAccount({ enabled: loggedIn });
  const library = useQuery({
    queryKey: ['check', 'librarySize'],
    queryFn: async () => (await librarySize()).result,
    staleTime: 60_000,
  }).data;
  const free = account.data?.freeCheck;
  const freeOffer = useFreeCheckOffer();

  const paper = usePaperSource({
    initialMode: 'upload',
    ...(handover ? { initialText: handover.text } : {}),
    count: wordCount,
    typingDelayMs: 700,
    maxUploadMb: limits.maxUploadMb,
    tooLarge: (mb) => t('upload.tooLarge', { mb }),
    onTitle: titled.foundTitle,
  });
  const { sent, count } = paper;

  const quote = (e: CheckEdition) => count.result?.quotes.find((q) => q.edition === e);
  const unit = (e: CheckEdition) => quote(e)?.unitPriceFen ?? prices.data?.[e];
  // one row per edition: the cards and the price side show the same unit prices
  const units = EDITIONS.map((e) => ({ key: e, label: t(`edition.${e}`), fen: unit(e) }));
  const freeApplies = edition === 'professional' && free?.eligible && free.availableToday;
  const canSubmit = paper.ready && !submitting;
  const defaultTitle = defaultTitleOf(paper);

  const submit = () =>
    run(async () => {
      if (!sent) return;
      const finalTitle = finalTitleOf(titled, defaultTitle);
      if (!finalTitle) {
        toast().warning(t('upload.titleRequired'));
        return;
      }
      const r = await checkInit(
        { title: finalTitle, author: titled.author.trim(), edition, addToLibrary },
        sent,
      );
      navigate(`/paper/submit/${r.result.id}`);
    });

  return (
    <StartPage
      title={t('upload.title')}
      subtitle={t('upload.subtitle')}
      chips={[t('upload.chip.metrics'), t('upload.chip.offline'), t('upload.chip.report')]}
      side={
        <PriceSide
          top={
            <>
              {free?.eligible ? (
                <div className="ck-free">
                  <GiftOutlined />
                  <div>
                    <strong>{free.availableToday ? t('upload.freeAvailable') : t('upload.freeUsed')}</strong>
                    <span className="svc-muted">{t('upload.freeRule')}</span>
                  </div>
                </div>
              ) : (
                // Where no sign-in here comes with the free check, the card does not advertise one.
                freeOffer?.qrSignIn !== false && (
                  <div className="ck-free">
                    <GiftOutlined />
                    <div>
                      <strong>{t('upload.freeTitle')}</strong>
                      <span className="svc-muted">
                        {free?.reason ?? freeOffer?.rule ?? t('upload.freeHowto')}
                      </span>
                    </div>
                  </div>
                )
              )}
              {library && (
                <div className="ck-library" data-testid="ck-library" title={library.name}>
                  <DatabaseOutlined />
                  <div>
                    <strong>
                      {library.documents > 0
                        ? t('upload.library', {
                            docs: num(library.documents),
                            chars: num(library.characters),
                          })
                        : t('upload.libraryEmpty')}
                    </strong>
                    <span className="svc-muted">{library.name}</span>
                    {library.documents > 0 && library.documents < SMALL_LIBRARY_DOCUMENTS && (
                      <span className="svc-muted" data-testid="ck-library-small">
                        {t('upload.librarySmall')}
                      </span>
                    )}
                  </div>
                </div>
              )}
              {/* the list alone, free: its own entry, so a student need not pay a 查重 to check references */}
              <Link to={checkPaths.references} className="ck-library" data-testid="ck-refs-entry">
                <AuditOutlined />
                <div>
                  <strong>{t('upload.refsEntry')}</strong>
                  <span className="svc-muted">{t('upload.refsEntryDesc')}</span>
                </div>
              </Link>
            </>
          }
          ns="check"
          keyPrefix="upload"
          units={units}
          notes={{ icon: <SafetyCertificateOutlined />, key: 'notes' }}
        />
      }
    >
      <EditionCards<CheckEdition>
        ns="check"
        keyPrefix="upload"
        id="ck-edition"
        units={units}
        recommended="professional"
        value={edition}
        onChange={setEdition}
        testIdPrefix="edition-"
      />

      <PaperTitleFields
        state={titled}
        defaultTitle={defaultTitle}
        ns="check"
        keyPrefix="upload"
        idPrefix="ck"
      />

      <PaperSourceInput
        state={paper}
        ns="check"
        keyPrefix="upload"
        testId="ck"
        dragHint={t('upload.dragHint', { mb: limits.maxUploadMb, chars: num(limits.maxChars) })}
      />
      <WordCountBar
        state={paper}
        ns="check"
        keyPrefix="upload"
        testId="ck"
        price={() => (
          <>
            {t(`edition.${edition}`)}{' '}
            <strong>{freeApplies ? t('upload.free') : yuan(quote(edition)?.priceFen ?? 0)}</strong>
          </>
        )}
      />

      <div className="ck-field" style={{ marginTop: 14 }}>
        <Checkbox checked={addToLibrary} onChange={(e) => setAddToLibrary(e.target.checked)}>
          {t('upload.addToLibrary')}
        </Checkbox>
        <div className="svc-muted" style={{ marginLeft: 24 }}>
          {t('upload.addToLibraryHint')}
        </div>
      </div>

      <SubmitButton
        testId="ck-submit"
        disabled={!canSubmit}
        loading={submitting}
        onClick={() => void submit()}
        foot={t('upload.noChargeYet')}
      >
        {t('upload.next')}
      </SubmitButton>
    </StartPage>
  );
}
