import { CheckCircleOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { yuan } from '../format.ts';

/**
 * The pieces every "start a paid record" form is built from: labelled text fields, the submit button with its
 * small print, the side card's price table and the notes card. Texts come translated from the page.
 */

/** The band atop a service page: its title, the line under it and, on the right, a few selling points. */
export function PageHero(props: { title: ReactNode; subtitle: ReactNode; chips?: string[] }) {
  return (
    <header className="svc-hero">
      <div>
        <h1>{props.title}</h1>
        <p>{props.subtitle}</p>
      </div>
      {props.chips && (
        <div className="svc-hero__chips">
          {props.chips.map((c) => (
            <span key={c} className="svc-chip">
              {c}
            </span>
          ))}
        </div>
      )}
    </header>
  );
}

/** A labelled single-line field (title, author…). */
export function TextField(props: {
  id: string;
  label: ReactNode;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
}) {
  return (
    <div className="ck-field">
      <label className="ck-label" htmlFor={props.id}>
        {props.label}
      </label>
      <Input
        id={props.id}
        size="large"
        maxLength={props.maxLength ?? 200}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/** The form's one primary button, with the line under it (e.g. "nothing is charged yet"). */
export function SubmitButton(props: {
  testId: string;
  disabled: boolean;
  loading?: boolean;
  icon?: ReactNode;
  onClick: () => void;
  children: ReactNode;
  foot?: ReactNode;
  style?: CSSProperties;
}) {
  return (
    <>
      <Button
        type="primary"
        size="large"
        block
        disabled={props.disabled}
        loading={props.loading}
        icon={props.icon}
        onClick={props.onClick}
        data-testid={props.testId}
        style={props.style}
      >
        {props.children}
      </Button>
      {props.foot !== undefined && (
        <p className="svc-muted" style={{ textAlign: 'center', marginTop: 10 }}>
          {props.foot}
        </p>
      )}
    </>
  );
}

/** "¥3.00 / 千字": a unit price and what it is per, or a dash while it is unknown. */
export const unitPrice = (fen: number | undefined, per: string) =>
  fen !== undefined ? `${yuan(fen)} / ${per}` : '—';

/** Two-column price table (one row per edition / path / type) and the note under it. */
export function PriceTable(props: {
  rows: { key: string; label: ReactNode; price: ReactNode }[];
  note: string;
}) {
  return (
    <>
      <table className="ck-price-table">
        <tbody>
          {props.rows.map((r) => (
            <tr key={r.key}>
              <td>{r.label}</td>
              <td>{r.price}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="svc-muted">{props.note}</p>
    </>
  );
}

/** The side card listing what to know before starting. */
export function NotesCard(props: { icon: ReactNode; title: ReactNode; notes: string[] }) {
  return (
    <section className="svc-card">
      <h2>
        {props.icon} {props.title}
      </h2>
      <ul>
        {props.notes.map((n) => (
          <li key={n}>
            <CheckCircleOutlined /> <span>{n}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
