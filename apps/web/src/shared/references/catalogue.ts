import { addCatalogue } from '../../locales/index.ts';
import zhReferences from '../../locales/zh-CN/references.ts';

// 参考文献核查's texts load with the report chapter and its page, not with the first screen (only its menu title is)
addCatalogue('references', zhReferences);
