import zhAdmin from './admin.ts';
import zhReferences from './references.ts';

/** The whole zh-CN catalogues of the areas bundled in ./index.ts by their route titles only. */
export const zhCNOnDemand = {
  admin: zhAdmin,
  references: zhReferences,
};
