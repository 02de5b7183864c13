import { Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** A navbar icon button named by its tooltip (search, error log, fullscreen, settings). */
export default function NavbarButton(props: {
  title: string;
  onClick: () => void;
  testId: string;
  /** Extra class next to `navbar-icon`. */
  className?: string;
  /** For a button that shows and hides something. */
  expanded?: boolean;
  placement?: 'top' | 'bottom';
  children: ReactNode;
}) {
  return (
    <Tooltip title={props.title} placement={props.placement ?? 'bottom'}>
      <button
        type="button"
        className={props.className ? `navbar-icon ${props.className}` : 'navbar-icon'}
        onClick={props.onClick}
        aria-label={props.title}
        aria-expanded={props.expanded}
        data-testid={props.testId}
      >
        {props.children}
      </button>
    </Tooltip>
  );
}
