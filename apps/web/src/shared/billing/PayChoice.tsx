import type { JobPayOptionsQuery, PayOption, PayOptions, PayOptionWay, PayWay } from '@paperdesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Radio, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jobPayOptions, payOptions } from '../api/pay.ts';
import { queryKeys, type RecordArea } from '../records/queries.ts';
import { yuan } from './format.ts';
import './pay-dialog.css';

/**
 * The confirm step's one way to pay (issue 26): every way this record can be paid (today's free check, the package
 * quota, the balance, the balance with a QR payment for the rest), what each costs, the cheapest preselected. The
 * user's pick travels with the submit; the server takes exactly that way.
 */
export function usePayChoice(opts: {
  area: RecordArea;
  recordType: string;
  recordId: number;
  edition?: string | undefined;
  enabled: boolean;
}) {
  const [picked, setPicked] = useState<PayOptionWay | null>(null);
  const q = useQuery({
    queryKey: queryKeys.recordPart(opts.area, opts.recordId, 'pay', opts.edition),
    queryFn: async () =>
      (
        await payOptions({
          recordType: opts.recordType,
          recordId: opts.recordId,
          ...(opts.edition ? { edition: opts.edition } : {}),
        })
      ).result,
    enabled: opts.enabled && opts.recordId > 0,
    staleTime: 0,
  });
  const data = q.data;
  const usable = (w: PayOptionWay | null) => !!w && !!data?.options.find((o) => o.way === w && o.available);
  const way = usable(picked) ? picked : (data?.recommended ?? null);
  const chosen = data?.options.find((o) => o.way === way) ?? null;
  return {
    data,
    way,
    chosen,
    setWay: setPicked,
    refetch: q.refetch,
    /** The submit's `pay` field: the way unless it is a QR (an order, not a submit). */
    pay: (way === 'qr' || way === null ? undefined : way) as PayWay | undefined,
    /** Money the chosen way takes now (balance and QR), for the bill's 应付 line. */
    payableFen: chosen ? chosen.balanceFen + chosen.qrFen : (data?.priceFen ?? 0),
  };
}

/** The ways as radio cards: what each takes and costs, why one is unavailable, the cheapest marked. */
export function PayChoice(props: {
  data: PayOptions;
  way: PayOptionWay | null;
  onChange: (way: PayOptionWay) => void;
}) {
  const { t } = useTranslation('order');
  const { data } = props;
  const detail = (o: PayOption): string => {
    switch (o.way) {
      case 'free':
        return t('choice.freeDetail');
      case 'quota':
        return o.balanceFen > 0
          ? t('choice.quotaMixDetail', {
              units: o.quotaUnits.toLocaleString('en-US'),
              unit: data.quotaUnit,
              left: data.quotaAvailable.toLocaleString('en-US'),
              worth: yuan(o.quotaValueFen),
              rest: yuan(o.balanceFen),
            })
          : t('choice.quotaDetail', {
              units: o.quotaUnits.toLocaleString('en-US'),
              unit: data.quotaUnit,
              left: data.quotaAvailable.toLocaleString('en-US'),
              worth: yuan(o.quotaValueFen),
            });
      case 'balance':
        return t('choice.balanceDetail', { amount: yuan(o.balanceFen), have: yuan(data.balanceFen) });
      case 'qr':
        return o.balanceFen > 0
          ? t('choice.qrDetail', { balance: yuan(o.balanceFen), rest: yuan(o.qrFen) })
          : t('choice.qrOnlyDetail', { rest: yuan(o.qrFen) });
    }
  };
  // the free check and the quota are offered only where the user has them
  const shown = data.options.filter((o) => o.available || o.way === 'balance' || o.way === 'qr');
  return (
    <Radio.Group
      className="pay-choice"
      value={props.way}
      onChange={(e) => props.onChange(e.target.value as PayOptionWay)}
      data-testid="pay-choice"
    >
      {shown.map((o) => (
        // antd puts a Radio's data attributes on its input: the test id sits on a wrapper holding the whole card
        <div key={o.way} data-testid={`pay-way-${o.way}`}>
          <Radio value={o.way} disabled={!o.available} className="pay-choice__item">
            <span className="pay-choice__head">
              <strong>{t(`choice.way.${o.way}`)}</strong>
              {data.recommended === o.way && <Tag color="green">{t('choice.cheapest')}</Tag>}
              <span className="pay-choice__cost">
                {o.way === 'quota'
                  ? t('choice.units', { units: o.quotaUnits.toLocaleString('en-US'), unit: data.quotaUnit })
                  : yuan(o.balanceFen + o.qrFen)}
              </span>
            </span>
            <span className="pay-choice__detail">{o.available ? detail(o) : o.reason}</span>
          </Radio>
        </div>
      ))}
    </Radio.Group>
  );
}

type Choice = ReturnType<typeof usePayChoice>;

/**
 * What the page's PayActions show for the chosen way: a confirm button for free, quota or balance; the QR button
 * (for the rest after the balance) when the QR way is chosen; top-up and packages when no way is available.
 */
export function choiceActions(choice: Choice, openQr: () => void) {
  const qr = choice.data?.options.find((o) => o.way === 'qr' && o.available);
  const how = choice.way === 'qr' || choice.way === null ? ('short' as const) : choice.way;
  return {
    how: choice.data ? how : null,
    payableFen: choice.payableFen,
    balanceFen: choice.data?.balanceFen ?? 0,
    payQr: choice.way === 'qr' && qr ? { amountFen: qr.qrFen, open: openQr } : undefined,
  };
}

/**
 * The pay options of a job not created yet (an upload page's button names the way the pay choice will preselect):
 * `deps` (the wallet) ask again when the balance or the quota change.
 */
export function useJobPayOptions(
  query: Partial<JobPayOptionsQuery> & Pick<JobPayOptionsQuery, 'service' | 'edition'>,
  enabled: boolean,
  deps: unknown[],
) {
  const sized = query.characters !== undefined || query.items !== undefined;
  return useQuery({
    queryKey: ['payJob', query.service, query.edition, query.characters, query.items, ...deps],
    queryFn: async () => (await jobPayOptions(query)).result,
    enabled: enabled && sized,
    staleTime: 0,
  }).data;
}
