/** Product title and layout defaults (spec §2, §9). */
export const settings = {
  /** The page title is this plus the route title. */
  title: '论文工作台',
  titleEn: 'PaperDesk',
  /** Open the settings drawer from the navbar. */
  showSettings: true,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  /** Spec §9: the error log is enabled in production. */
  errorLog: 'production' as 'production' | 'development' | 'always',
  theme: '#409EFF',
} as const;

/** Spec §9 preset theme colours; the first is the default. */
export const THEME_PRESETS = [
  '#409EFF',
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959CD',
  '#f5222d',
] as const;

/** Spec §9 limits. */
export const REQUEST_TIMEOUT_MS = 15_000;
export const QR_POLL_INTERVAL_MS = 3_000;
export const MOBILE_BREAKPOINT = 992;
export const QR_SIZE = 300;
export const QR_MARGIN = 2;
export const LOGIN_DIALOG_WIDTH = 500;
export const TAGS_MENU_WIDTH = 105;

/** Storage names (spec §3, §9). */
export const TOKEN_KEY = 'Admin-Token';
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';
