import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { MOBILE_BREAKPOINT } from '../settings.ts';
import { useAppStore } from '../store/app.ts';

export const isMobileWidth = (width: number) => width < MOBILE_BREAKPOINT;

/** Mobile mode below 992 px: the sidebar closes; navigating on mobile closes an opened sidebar. */
export function useResizeHandler(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const apply = () => {
      const mobile = isMobileWidth(document.body.getBoundingClientRect().width);
      const { device, toggleDevice, closeSideBar } = useAppStore.getState();
      const next = mobile ? 'mobile' : 'desktop';
      if (next !== device) toggleDevice(next);
      if (mobile && (next !== device || useAppStore.getState().sidebar.opened))
        closeSideBar({ withoutAnimation: true });
    };
    apply();
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const width = document.body.getBoundingClientRect().width;
        if (document.hidden || width === 0) return;
        const mobile = isMobileWidth(width);
        const { device, toggleDevice, closeSideBar } = useAppStore.getState();
        const next = mobile ? 'mobile' : 'desktop';
        if (next !== device) {
          toggleDevice(next);
          if (mobile) closeSideBar({ withoutAnimation: true });
        }
      });
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      cancelAnimationFrame(frame);
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    const { device, sidebar, closeSideBar } = useAppStore.getState();
    if (device === 'mobile' && sidebar.opened) closeSideBar({ withoutAnimation: false });
  }, [pathname]);
}
