import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/BrandMark.tsx';

/** Shared frame of the error pages: code, title, text and actions, with an illustration. */
export function ErrorLayout(props: {
  code: string;
  title: string;
  desc: string;
  actions: ReactNode;
  standalone?: boolean;
}) {
  return (
    <div className={`error-page${props.standalone ? ' error-page--standalone' : ''}`}>
      {props.standalone && (
        <Link to="/home" className="error-page__brand">
          <BrandMark size={28} />
        </Link>
      )}
      <div className="error-page__body">
        <div className="error-page__art" aria-hidden="true">
          <span className="error-page__code">{props.code}</span>
          <span className="error-page__paper error-page__paper--1" />
          <span className="error-page__paper error-page__paper--2" />
        </div>
        <div className="error-page__text">
          <h1 className="error-page__title">{props.title}</h1>
          <p className="error-page__desc">{props.desc}</p>
          <div className="error-page__actions">{props.actions}</div>
        </div>
      </div>
    </div>
  );
}
