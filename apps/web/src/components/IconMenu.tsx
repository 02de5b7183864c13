import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import PopMenu, { type PopMenuItem } from './PopMenu.tsx';

/** A navbar icon button with a tooltip that opens a PopMenu (the tooltip hides while the menu is open). */
export default function IconMenu(props: {
  icon: ReactNode;
  title: string;
  items: PopMenuItem[];
  selectedKey?: string;
  placement?: 'bottom' | 'bottomRight' | 'bottomLeft';
  /** Test ids of the button and of the open menu. */
  testId: string;
  menuTestId: string;
}) {
  return (
    <PopMenu
      testId={props.menuTestId}
      items={props.items}
      {...(props.selectedKey !== undefined ? { selectedKey: props.selectedKey } : {})}
      {...(props.placement ? { placement: props.placement } : {})}
    >
      {(open) => (
        <Tooltip open={open ? false : undefined} title={props.title} placement="bottom">
          <button type="button" className="navbar-icon" aria-label={props.title} data-testid={props.testId}>
            {props.icon}
          </button>
        </Tooltip>
      )}
    </PopMenu>
  );
}
