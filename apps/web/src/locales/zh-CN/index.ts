import zhAdminRoute from './admin-route.ts';
import zhAigc from './aigc.ts';
import zhChat from './chat.ts';
import zhCheck from './check.ts';
import zhCommon from './common.ts';
import zhErrorLog from './errorLog.ts';
import zhErrorPage from './errorPage.ts';
import zhHome from './home.ts';
import zhLogin from './login.ts';
import zhMachine from './machine.ts';
import zhNavbar from './navbar.ts';
import zhOrder from './order.ts';
import zhPpt from './ppt.ts';
import zhReduce from './reduce.ts';
import zhReferencesRoute from './references-route.ts';
import zhRoute from './route.ts';
import zhSettings from './settings.ts';
import zhTagsView from './tagsView.ts';
import zhWriting from './writing.ts';

/**
 * The zh-CN catalogues, one per area (keys are `<area>:<key>`). A product area adds its `<area>.ts`
 * here and its English twin in ../en-US/index.ts. Areas whose pages are all loaded on demand bundle only
 * their route titles here; the rest of their catalogue (./on-demand.ts) is added when their pages load, which
 * keeps it out of the first screen's download.
 */
export const zhCN = {
  common: zhCommon,
  route: zhRoute,
  navbar: zhNavbar,
  login: zhLogin,
  home: zhHome,
  chat: zhChat,
  check: zhCheck,
  aigc: zhAigc,
  machine: zhMachine,
  order: zhOrder,
  ppt: zhPpt,
  reduce: zhReduce,
  references: { route: zhReferencesRoute },
  settings: zhSettings,
  tagsView: zhTagsView,
  writing: zhWriting,
  errorLog: zhErrorLog,
  errorPage: zhErrorPage,
  admin: { route: zhAdminRoute },
};
