import { addCatalogue } from '../../locales/index.ts';
import zhAdmin from '../../locales/zh-CN/admin.ts';

// the console's texts load with its pages, not with the first screen (only the menu titles are bundled there)
addCatalogue('admin', zhAdmin);
