import { WalletOutlined } from '@ant-design/icons';
import type { CSSProperties, ReactNode } from 'react';
import { yuan } from '../format.ts';

/**
 * The bill on a confirm-and-pay page: the price, what quota or a free check takes off (`children`, as `PayLine`s),
 * the wallet's balance and what is left to pay. Labels come translated from the page.
 */
export function PayBox(props: {
  testId: string;
  payableTestId: string;
  labels: { price: string; balance: string; payable: string };
  /** The price line's right side (what is billed and its amount). */
  price: ReactNode;
  balanceFen: number;
  payableFen: number;
  children?: ReactNode;
}) {
  return (
    <div className="ck-pay" data-testid={props.testId}>
      <PayLine label={props.labels.price} value={props.price} />
      {props.children}
      <PayLine
        label={
          <>
            <WalletOutlined /> {props.labels.balance}
          </>
        }
        value={yuan(props.balanceFen)}
      />
      <div className="ck-pay__total">
        <span>{props.labels.payable}</span>
        <strong data-testid={props.payableTestId}>{yuan(props.payableFen)}</strong>
      </div>
    </div>
  );
}

/** One line of the bill; discounts are green. */
export function PayLine(props: {
  label: ReactNode;
  value: ReactNode;
  discount?: boolean;
  className?: string;
}) {
  const style: CSSProperties | undefined = props.discount ? { color: '#11a983' } : undefined;
  return (
    <div className={props.className ? `ck-pay__line ${props.className}` : 'ck-pay__line'} style={style}>
      <span>{props.label}</span>
      <span>{props.value}</span>
    </div>
  );
}
