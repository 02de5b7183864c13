import type { AccountTables } from './tables/accounts.ts';
import type { AdminTables } from './tables/admin.ts';
import type { AigcTables } from './tables/aigc.ts';
import type { BillingTables } from './tables/billing.ts';
import type { CheckTables } from './tables/checks.ts';
import type { LlmTables } from './tables/llm.ts';
import type { ReducingTables } from './tables/reducing.ts';
import type { RewritingTables } from './tables/rewriting.ts';
import type { SlidesTables } from './tables/slides.ts';
import type { UploadTables } from './tables/uploads.ts';
import type { WritingTables } from './tables/writing.ts';

/** The whole database: each feature area declares its tables in `tables/<area>.ts`. */
export interface Database
  extends AccountTables,
    BillingTables,
    CheckTables,
    LlmTables,
    AigcTables,
    RewritingTables,
    SlidesTables,
    UploadTables,
    WritingTables,
    ReducingTables,
    AdminTables {}
