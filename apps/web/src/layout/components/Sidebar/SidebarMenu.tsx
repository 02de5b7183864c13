import { DownOutlined } from '@ant-design/icons';
import { Popover, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppRoute } from '../../../router/types.ts';

/** A menu entry derived from the route table: a page, or a group of pages. */
export interface SidebarEntry {
  key: string;
  title: string;
  icon?: ReactNode;
  /** Pages have a path to open; groups have children. */
  to?: string;
  children?: SidebarEntry[];
}

const linkable = (r: AppRoute) =>
  Boolean(r.page && r.meta?.title && !r.path.includes(':') && !r.path.includes('*'));

/** Visible pages and groups, in table order (hidden records and bare redirects are left out). */
export function sidebarEntries(routes: readonly AppRoute[], t: (k: string) => string): SidebarEntry[] {
  const out: SidebarEntry[] = [];
  for (const r of routes) {
    if (r.meta?.hidden) continue;
    const children = r.children ? sidebarEntries(r.children, t) : [];
    if (children.length > 0) {
      out.push({ key: r.path, title: r.meta ? t(r.meta.title) : r.path, icon: r.meta?.icon, children });
    } else if (linkable(r)) {
      out.push({ key: r.path, title: t(r.meta!.title), icon: r.meta?.icon, to: r.path });
    }
  }
  return out;
}

const contains = (e: SidebarEntry, key: string): boolean =>
  e.key === key || Boolean(e.children?.some((c) => contains(c, key)));

function Leaf({
  entry,
  active,
  collapsed,
  depth,
}: {
  entry: SidebarEntry;
  active: string;
  collapsed: boolean;
  depth: number;
}) {
  const link = (
    <Link
      to={entry.to!}
      className={`sm-item${entry.key === active ? ' is-active' : ''}`}
      style={depth > 0 && !collapsed ? { paddingLeft: 16 + depth * 22 } : undefined}
      aria-current={entry.key === active ? 'page' : undefined}
      data-path={entry.to}
    >
      {entry.icon && <span className="sm-item__icon">{entry.icon}</span>}
      <span className="sm-item__title">{entry.title}</span>
    </Link>
  );
  return collapsed && depth === 0 ? (
    <Tooltip title={entry.title} placement="right">
      {link}
    </Tooltip>
  ) : (
    link
  );
}

function Group({ entry, active, collapsed }: { entry: SidebarEntry; active: string; collapsed: boolean }) {
  const inside = contains(entry, active);
  const [open, setOpen] = useState(inside);
  const title = (
    <button
      type="button"
      className={`sm-item sm-group__title${inside ? ' has-active' : ''}`}
      aria-expanded={collapsed ? undefined : open}
      onClick={() => !collapsed && setOpen((v) => !v)}
    >
      {entry.icon && <span className="sm-item__icon">{entry.icon}</span>}
      <span className="sm-item__title">{entry.title}</span>
      {!collapsed && <DownOutlined className={`sm-group__caret${open ? ' is-open' : ''}`} />}
    </button>
  );
  if (collapsed) {
    return (
      <Popover
        placement="rightTop"
        arrow={false}
        classNames={{ root: 'pop-menu-overlay' }}
        content={
          <div className="sm-popup">
            {entry.children!.map((c) => (
              <Entry key={c.key} entry={c} active={active} collapsed={false} depth={0} />
            ))}
          </div>
        }
      >
        {title}
      </Popover>
    );
  }
  return (
    <div className="sm-group">
      {title}
      {open && (
        <div className="sm-group__children">
          {entry.children!.map((c) => (
            <Entry key={c.key} entry={c} active={active} collapsed={false} depth={1} />
          ))}
        </div>
      )}
    </div>
  );
}

function Entry(props: { entry: SidebarEntry; active: string; collapsed: boolean; depth: number }) {
  return props.entry.children ? <Group {...props} /> : <Leaf {...props} />;
}

/** The sidebar menu: pages with icons, groups that expand; icons only with tooltips when collapsed. */
export default function SidebarMenu({
  routes,
  active,
  collapsed,
}: {
  routes: readonly AppRoute[];
  active: string;
  collapsed: boolean;
}) {
  const { t } = useTranslation();
  const entries = sidebarEntries(routes, t);
  return (
    <nav className={`sidebar-menu${collapsed ? ' is-collapsed' : ''}`} aria-label="menu">
      {entries.map((e) => (
        <Entry key={e.key} entry={e} active={active} collapsed={collapsed} depth={0} />
      ))}
    </nav>
  );
}
