import { aigccheckRoutes } from './tmp/aigccheck.tsx';
import { aipptRoutes } from './tmp/aippt.tsx';
import { checkvipRoutes, errorPageRoutes } from './tmp/error-page.tsx';
import { gptRoutes } from './tmp/gpt.tsx';
import { homeRoutes } from './tmp/home.tsx';
import { loginRoutes } from './tmp/login.tsx';
import { nlpRoutes } from './tmp/nlp.tsx';
import { orderRoutes } from './tmp/order.tsx';
import { papercheckRoutes } from './tmp/papercheck.tsx';
import { papergcRoutes } from './tmp/papergc.tsx';
import { redirectRoutes } from './tmp/redirect.tsx';
import type { AppRoute } from './types.ts';

/**
 * The route table (spec §2), composed from one module per product area in the spec's order. Menu, top
 * navigation, breadcrumb, tags view, route search and page titles all derive from it.
 *
 * To add an area: create `src/views/<area>/routes.tsx` exporting `AppRoute[]` (absolute paths, a lazy
 * `page`, `meta` with an i18n title key) and import it at its place below. Top-navigation items turn
 * from 即将上线 into links as soon as their path exists here.
 */
export const routes: AppRoute[] = [
  ...homeRoutes, //           /, /home
  ...redirectRoutes, //       /redirect/*
  ...loginRoutes, //          /login, /auth-redirect
  ...errorPageRoutes, //      /404, /401
  ...gptRoutes, //           /gpt (chat assistant)
  ...papercheckRoutes, //     /papercheck/check, /paper/report, /paper/submit/:id, /paper/report/:id
  ...papergcRoutes, //        /papergc/gc, /paperwirte/* (paper writing)
  ...aigccheckRoutes, //      /aigccheck/check, /aigccheck/list, /aigccheck/content/:id (AIGC检测)
  ...aipptRoutes, //         /aippt/ppt, /aippt/ppttype/:id, /aippt/list
  // /papermachinesubmit/*, /papermachine/* (rewriting)
  ...nlpRoutes, //            /nlp/machine (smart rewriting), /cnki/cnki (database rewrite), /machine/*
  // /aigcdown/machine, /aigc/list (lower AIGC)
  ...orderRoutes, //          /order/* (packages, top-up, account centre)
  ...checkvipRoutes, //       /checkvip (unknown paths land here)
];
