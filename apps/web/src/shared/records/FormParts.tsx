import { CheckCircleOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { yuan } from '../format.ts';

/**
 * The pieces every "start a paid record" form is built from: labelled text fields, the submit button with its
 * small print, the side card's price table and the notes card. Texts come translated from the page.
 */

/** The band atop a service page: its title, the line under it and, on the right, a few selling points. */
export function PageHero(props: {
  title: ReactNode;
  subtitle: ReactNode;
  chips?: string[];
  /** What stands on the right instead of plain chips (an action, chips with icons or figures). */
  aside?: ReactNode;
}) {
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
      {props.aside}
    </header>
  );
}

/**
 * A start page's frame: the hero, then the form card (the children) beside its side column; `below` spans the
 * page under both (a result, a dialog).
 */
export function StartPage(
  props: Parameters<typeof PageHero>[0] & {
    className?: string;
    side: ReactNode;
    below?: ReactNode;
    children: ReactNode;
  },
) {
  const { className, side, below, children, ...hero } = props;
  return (
    <div className={className ? `svc-page ${className}` : 'svc-page'}>
      <PageHero {...hero} />
      <div className="ck-grid">
        <section className="svc-card">{children}</section>
        {side}
      </div>
      {below}
    </div>
  );
}

/** A form field: its label (tied to the control by `id`, when it has one) and the control. */
export function Field(props: {
  id?: string;
  label: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
  className?: string;
}) {
  return (
    <div className={props.className ? `ck-field ${props.className}` : 'ck-field'} style={props.style}>
      {props.id ? (
        <label className="ck-label" htmlFor={props.id}>
          {props.label}
        </label>
      ) : (
        <span className="ck-label">{props.label}</span>
      )}
      {props.children}
    </div>
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
  /** Show the characters typed against `maxLength`. */
  showCount?: boolean;
  onEnter?: () => void;
  /** A line that stays under the field (what an empty optional field will become). */
  hint?: ReactNode;
}) {
  return (
    <Field id={props.id} label={props.label}>
      <Input
        id={props.id}
        size="large"
        maxLength={props.maxLength ?? 200}
        showCount={props.showCount}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onPressEnter={props.onEnter}
      />
      {props.hint && (
        <div className="ck-field__hint" data-testid={`${props.id}-hint`}>
          {props.hint}
        </div>
      )}
    </Field>
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

/** One choice of a card picker (edition, paper type): its name, price line, description and optional badge. */
export interface OptionCard<K extends string> {
  key: K;
  name: ReactNode;
  price: ReactNode;
  desc: ReactNode;
  badge?: ReactNode;
}

/** The row of choice cards a start form opens with (普通版 / 专业版, 智能降重 / 知网专版, paper types). */
export function OptionCards<K extends string>(props: {
  label: ReactNode;
  /** Ties the label to the cards (an id on the row). */
  id?: string;
  className?: string;
  options: OptionCard<K>[];
  value: K;
  onChange: (key: K) => void;
  testIdPrefix: string;
}) {
  return (
    <Field id={props.id} label={props.label}>
      <div className={props.className ?? 'ck-editions'} id={props.id}>
        {props.options.map((o) => (
          <button
            key={o.key}
            type="button"
            aria-pressed={props.value === o.key}
            className={`ck-edition${props.value === o.key ? ' is-active' : ''}`}
            onClick={() => props.onChange(o.key)}
            data-testid={`${props.testIdPrefix}${o.key}`}
          >
            {o.badge && <span className="ck-edition__badge">{o.badge}</span>}
            <div className="ck-edition__name">{o.name}</div>
            <div className="ck-edition__price">{o.price}</div>
            <div className="ck-edition__desc">{o.desc}</div>
          </button>
        ))}
      </div>
    </Field>
  );
}

/** A unit price as the option cards show it: "<strong>¥3.00</strong> / 千字", or a dash while unknown. */
export function UnitPriceLine({ fen, per }: { fen: number | undefined; per: string }) {
  return fen !== undefined ? (
    <>
      <strong>{yuan(fen)}</strong> / {per}
    </>
  ) : (
    '—'
  );
}

/**
 * The side of a start form: the price card (`top` above its title, e.g. offers) with the price table, then the
 * notes card.
 */
export function PriceSide(props: {
  top?: ReactNode;
  /**
   * Where the page keeps its texts: `<keyPrefix>.priceTitle`, `.priceNote`, `.perThousand`, and the notes
   * card's title and lines, `.<notes.key>Title` and `.<notes.key>`.
   */
  ns: string;
  keyPrefix: string;
  /** One row per edition or path: its name and unit price per thousand characters (undefined while unknown). */
  units: { key: string; label: ReactNode; fen: number | undefined }[];
  notes: { icon: ReactNode; key: string };
}) {
  const { t } = useTranslation(props.ns);
  const at = (key: string) => `${props.keyPrefix}.${key}`;
  return (
    <aside className="ck-side">
      <section className="svc-card">
        {props.top}
        <h2>{t(at('priceTitle'))}</h2>
        <PriceTable
          rows={props.units.map((u) => ({
            key: u.key,
            label: u.label,
            price: unitPrice(u.fen, t(at('perThousand'))),
          }))}
          note={t(at('priceNote'))}
        />
      </section>
      <NotesCard
        icon={props.notes.icon}
        title={t(at(`${props.notes.key}Title`))}
        notes={t(at(props.notes.key), { returnObjects: true }) as unknown as string[]}
      />
    </aside>
  );
}

/**
 * The edition cards of a service priced per thousand characters: each of `units` (the price side's rows) with
 * its unit price, `<keyPrefix>.editionDesc.<key>` under it and `<keyPrefix>.recommended` on `recommended`;
 * labelled `<keyPrefix>.edition`, priced per `<keyPrefix>.perThousand`.
 */
export function EditionCards<K extends string>(props: {
  ns: string;
  keyPrefix: string;
  id?: string;
  units: { key: K; label: ReactNode; fen: number | undefined }[];
  recommended: K;
  value: K;
  onChange: (key: K) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation(props.ns);
  const at = (key: string) => `${props.keyPrefix}.${key}`;
  return (
    <OptionCards<K>
      label={t(at('edition'))}
      id={props.id}
      options={props.units.map((u) => ({
        key: u.key,
        name: u.label,
        price: <UnitPriceLine fen={u.fen} per={t(at('perThousand'))} />,
        desc: t(at(`editionDesc.${u.key}`)),
        badge: u.key === props.recommended ? t(at('recommended')) : undefined,
      }))}
      value={props.value}
      onChange={props.onChange}
      testIdPrefix={props.testIdPrefix}
    />
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
