import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message as antMessage, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { router } from './router/index.tsx';
import { CONTROL_HEIGHT, useAppStore } from './store/app.ts';
import { useSettingsStore } from './store/settings.ts';
import { bindMessage } from './utils/feedback.ts';
import { onRequestError } from './utils/request.ts';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', 'Helvetica Neue', Arial, sans-serif";

/**
 * Binds the themed message API (use `toast()` from utils/feedback.ts anywhere) and shows every failed
 * request in one place. antd's <App> is not used: it would pull the modal and notification code into the
 * first download of every page.
 */
function Feedback() {
  const [message, holder] = antMessage.useMessage();
  const { t } = useTranslation();
  useEffect(() => {
    bindMessage(message);
    const off = onRequestError(({ error }) => {
      if (error.status === 401) {
        // Spec §8: the not-logged-in toast, error type, 5 seconds.
        void message.error({ key: 'request-401', content: t('common:notLoggedIn'), duration: 5 });
        useAppStore.getState().openLogin();
        return;
      }
      void message.error({ key: `request-${error.message}`, content: error.message, duration: 4 });
    });
    return () => {
      off();
      bindMessage(null);
    };
  }, [message, t]);
  return holder;
}

export default function App() {
  const primary = useSettingsStore((s) => s.theme);
  const size = useAppStore((s) => s.size);
  const { i18n } = useTranslation();
  useEffect(() => {
    // Our own CSS (layout, landing page) follows the theme colour through this variable.
    document.documentElement.style.setProperty('--app-primary', primary);
  }, [primary]);
  useEffect(() => {
    document.documentElement.style.setProperty('--app-control-height', `${CONTROL_HEIGHT[size]}px`);
  }, [size]);
  const theme = useMemo<ThemeConfig>(
    () => ({
      token: {
        colorPrimary: primary,
        colorInfo: primary,
        controlHeight: CONTROL_HEIGHT[size],
        borderRadius: 8,
        fontFamily: FONT_FAMILY,
      },
    }),
    [primary, size],
  );
  return (
    <ConfigProvider locale={i18n.language === 'en-US' ? enUS : zhCN} componentSize="middle" theme={theme}>
      <Feedback />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
