import type { zhCN } from '../zh-CN/index.ts';
import type { zhCNOnDemand } from '../zh-CN/on-demand.ts';
import type { Twin } from '../types.ts';
import enAdmin from './admin.ts';
import enAigc from './aigc.ts';
import enChat from './chat.ts';
import enCheck from './check.ts';
import enCommon from './common.ts';
import enErrorLog from './errorLog.ts';
import enErrorPage from './errorPage.ts';
import enHome from './home.ts';
import enLogin from './login.ts';
import enMachine from './machine.ts';
import enNavbar from './navbar.ts';
import enOrder from './order.ts';
import enPpt from './ppt.ts';
import enReduce from './reduce.ts';
import enReferences from './references.ts';
import enRoute from './route.ts';
import enSettings from './settings.ts';
import enTagsView from './tagsView.ts';
import enWriting from './writing.ts';

/** The en-US twins, loaded only when English is chosen (keeps them out of the first download). */
export const enUS = {
  common: enCommon,
  route: enRoute,
  navbar: enNavbar,
  login: enLogin,
  home: enHome,
  chat: enChat,
  check: enCheck,
  aigc: enAigc,
  machine: enMachine,
  order: enOrder,
  ppt: enPpt,
  reduce: enReduce,
  references: enReferences,
  settings: enSettings,
  tagsView: enTagsView,
  writing: enWriting,
  errorLog: enErrorLog,
  errorPage: enErrorPage,
  admin: enAdmin,
} satisfies Twin<Omit<typeof zhCN, keyof typeof zhCNOnDemand> & typeof zhCNOnDemand>;
