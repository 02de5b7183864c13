import { CheckOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import { type ReactElement, type ReactNode, useState } from 'react';

export type PopMenuItem =
  | { type: 'divider'; key: string }
  | {
      type?: 'item';
      key: string;
      label: ReactNode;
      icon?: ReactNode;
      disabled?: boolean;
      onClick?: () => void;
    };

/**
 * A small click-to-open menu (navbar dropdowns). Kept light on purpose: the navbar is on every page,
 * so it avoids the full menu component in the first download.
 */
export default function PopMenu(props: {
  items: PopMenuItem[];
  selectedKey?: string;
  /** The trigger; a function receives whether the menu is open (to hide its tooltip meanwhile). */
  children: ReactElement | ((open: boolean) => ReactElement);
  placement?: 'bottom' | 'bottomRight' | 'bottomLeft';
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const content: ReactNode = (
    <div className="pop-menu" role="menu" data-testid={props.testId}>
      {props.items.map((item) =>
        item.type === 'divider' ? (
          <hr key={item.key} className="pop-menu__divider" />
        ) : (
          <button
            key={item.key}
            type="button"
            role="menuitem"
            disabled={item.disabled}
            className={`pop-menu__item${props.selectedKey === item.key ? ' is-selected' : ''}`}
            data-key={item.key}
            onClick={() => {
              setOpen(false);
              item.onClick?.();
            }}
          >
            {item.icon && <span className="pop-menu__icon">{item.icon}</span>}
            <span className="pop-menu__label">{item.label}</span>
            {props.selectedKey === item.key && <CheckOutlined className="pop-menu__check" />}
          </button>
        ),
      )}
    </div>
  );
  return (
    <Popover
      content={content}
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement={props.placement ?? 'bottom'}
      arrow={false}
      classNames={{ root: 'pop-menu-overlay' }}
    >
      {typeof props.children === 'function' ? props.children(open) : props.children}
    </Popover>
  );
}
