import { CheckCircleFilled, QrcodeOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** How a confirmed record would be paid; `short` when neither quota nor balance covers it. */
export type PayWay = 'free' | 'quota' | 'balance' | 'short';

/**
 * The foot of a confirm-and-pay page. Short of money: a warning and the ways to pay (a QR payment when
 * `payQr` is given, top-up, packages); otherwise one confirm button. Texts are `<keyPrefix>.short|topUp|
 * packages|confirmFree|confirmPay|payQr|refundNote` in namespace `ns`; `shortHint` is the warning's
 * second line, already translated.
 */
export function PayActions(props: {
  ns: string;
  keyPrefix: string;
  how: PayWay | null | undefined;
  payableFen: number;
  balanceFen: number;
  yuan: (fen: number) => string;
  shortHint: ReactNode;
  /** The QR payment's amount and opener (pages without one send the user to top up first). */
  payQr?: { amountFen: number; open: () => void };
  disabled?: boolean;
  submitting: boolean;
  onSubmit: () => void;
  testId: string;
}) {
  const { t } = useTranslation(props.ns);
  const navigate = useNavigate();
  const k = props.keyPrefix;
  const { how, yuan } = props;
  return (
    <>
      {how === 'short' && !props.disabled && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 14 }}
          title={t(`${k}.short`, { need: yuan(props.payableFen), have: yuan(props.balanceFen) })}
          description={props.shortHint}
        />
      )}
      <div className="ck-actions">
        {how === 'short' ? (
          <>
            {props.payQr && (
              <Button
                type="primary"
                size="large"
                icon={<QrcodeOutlined />}
                disabled={props.disabled}
                onClick={props.payQr.open}
              >
                {t(`${k}.payQr`, { amount: yuan(props.payQr.amountFen) })}
              </Button>
            )}
            <Button
              type={props.payQr ? 'default' : 'primary'}
              size="large"
              onClick={() => navigate('/order/recharge')}
            >
              {t(`${k}.topUp`)}
            </Button>
            <Button size="large" onClick={() => navigate('/order/taocan')}>
              {t(`${k}.packages`)}
            </Button>
          </>
        ) : (
          <Button
            type="primary"
            size="large"
            block
            icon={<CheckCircleFilled />}
            disabled={!how || props.disabled}
            loading={props.submitting}
            onClick={props.onSubmit}
            data-testid={props.testId}
          >
            {how === 'free' || how === 'quota'
              ? t(`${k}.confirmFree`)
              : t(`${k}.confirmPay`, { amount: yuan(props.payableFen) })}
          </Button>
        )}
      </div>
      <p className="svc-muted" style={{ marginTop: 12 }}>
        {t(`${k}.refundNote`)}
      </p>
    </>
  );
}
