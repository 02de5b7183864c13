import { CloseOutlined } from '@ant-design/icons';
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCurrentRoute } from '../../useCurrentRoute.ts';
import { flattenRoutes } from '../../../router/lookup.ts';
import { routes } from '../../../router/routes.tsx';
import { TAGS_MENU_WIDTH } from '../../../settings.ts';
import { type TagView, useTagsViewStore } from '../../../store/tagsView.ts';

const MENU_HEIGHT = 4 * 32 + 8;

/** Keeps the context menu inside the window. */
export function menuPosition(x: number, y: number, viewport: { width: number; height: number }) {
  const left = Math.max(4, Math.min(x, viewport.width - TAGS_MENU_WIDTH - 8));
  const top = Math.max(4, Math.min(y, viewport.height - MENU_HEIGHT - 8));
  return { left, top };
}

function affixTags(): TagView[] {
  return flattenRoutes(routes)
    .map((r) => r.route)
    .filter((r) => r.meta?.affix && r.page)
    .map((r) => ({
      path: r.path,
      fullPath: r.path,
      title: r.meta!.title,
      affix: true,
      cache: Boolean(r.meta?.cache),
    }));
}

/** Visited pages as tags; right-click for 刷新 / 关闭 / 关闭其他 / 关闭所有 (menu 105 px wide). */
export default function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const match = useCurrentRoute();
  const visitedViews = useTagsViewStore((s) => s.visitedViews);
  const [menu, setMenu] = useState<{ left: number; top: number; view: TagView } | null>(null);
  const activeRef = useRef<HTMLAnchorElement | null>(null);

  useEffect(() => {
    for (const tag of affixTags()) useTagsViewStore.getState().addVisitedView(tag);
  }, []);

  useEffect(() => {
    const meta = match?.route.meta;
    if (!match || !meta?.title || match.route.path.startsWith('/redirect')) return;
    const view: TagView = {
      path: pathname,
      fullPath: `${pathname}${search}`,
      title: meta.title,
      affix: Boolean(meta.affix),
      cache: Boolean(meta.cache),
    };
    const store = useTagsViewStore.getState();
    store.addView(view);
    store.updateVisitedView({
      ...view,
      affix: store.visitedViews.find((v) => v.path === pathname)?.affix ?? view.affix,
    });
  }, [match, pathname, search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll the new active tag into view after navigating
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('click', close);
    window.addEventListener('scroll', close, true);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('click', close);
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('keydown', onKey);
    };
  }, [menu]);

  const isActive = (v: TagView) => v.path === pathname;

  const toLastView = useCallback(
    (views: TagView[]) => {
      const latest = views[views.length - 1];
      navigate(latest ? latest.fullPath : '/');
    },
    [navigate],
  );

  const refreshSelected = (view: TagView) => {
    useTagsViewStore.getState().delCachedView(view);
    navigate(`/redirect${view.fullPath}`, { replace: true });
  };
  const closeSelected = (view: TagView) => {
    if (view.affix) return;
    useTagsViewStore.getState().delView(view);
    if (isActive(view)) toLastView(useTagsViewStore.getState().visitedViews);
  };
  const closeOthers = (view: TagView) => {
    if (!isActive(view)) navigate(view.fullPath);
    useTagsViewStore.getState().delOthersViews(view);
  };
  const closeAll = () => {
    const store = useTagsViewStore.getState();
    store.delAllViews();
    const remaining = useTagsViewStore.getState().visitedViews;
    if (remaining.some((v) => v.path === pathname)) return;
    toLastView(remaining);
  };

  const openMenu = (e: MouseEvent, view: TagView) => {
    e.preventDefault();
    setMenu({
      ...menuPosition(e.clientX, e.clientY, { width: window.innerWidth, height: window.innerHeight }),
      view,
    });
  };

  return (
    <div className="tags-view-container" data-testid="tags-view">
      <div className="tags-view-wrapper">
        {visitedViews.map((view) => {
          const active = isActive(view);
          return (
            <Link
              key={view.path}
              ref={active ? activeRef : undefined}
              to={view.fullPath}
              className={`tags-view-item${active ? ' active' : ''}`}
              data-path={view.path}
              onContextMenu={(e) => openMenu(e, view)}
              onMouseUp={(e) => {
                if (e.button === 1) closeSelected(view);
              }}
            >
              {active && <span className="tags-view-item__dot" />}
              <span>{t(view.title)}</span>
              {!view.affix && (
                <CloseOutlined
                  className="tags-view-item__close"
                  aria-label={t('tagsView:close')}
                  onClick={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    closeSelected(view);
                  }}
                />
              )}
            </Link>
          );
        })}
      </div>
      {menu && (
        <div
          className="contextmenu"
          role="menu"
          style={{ left: menu.left, top: menu.top, width: TAGS_MENU_WIDTH }}
          data-testid="tags-contextmenu"
        >
          <button type="button" role="menuitem" onClick={() => refreshSelected(menu.view)}>
            {t('tagsView:refresh')}
          </button>
          {!menu.view.affix && (
            <button type="button" role="menuitem" onClick={() => closeSelected(menu.view)}>
              {t('tagsView:close')}
            </button>
          )}
          <button type="button" role="menuitem" onClick={() => closeOthers(menu.view)}>
            {t('tagsView:closeOthers')}
          </button>
          <button type="button" role="menuitem" onClick={closeAll}>
            {t('tagsView:closeAll')}
          </button>
        </div>
      )}
    </div>
  );
}
