import type { Migration } from 'kysely';
import * as m0001 from './0001_accounts.ts';
import * as m0002 from './0002_billing.ts';
import * as m0003 from './0003_checks.ts';
import * as m0004 from './0004_llm.ts';
import * as m0005 from './0005_aigc.ts';
import * as m0006 from './0006_rewriting.ts';
import * as m0007 from './0007_slides.ts';
import * as m0008 from './0008_writing.ts';
import * as m0009 from './0009_free_check_limits.ts';
import * as m0010 from './0010_reducing.ts';
import * as m0011 from './0011_admin_audit.ts';
import * as m0013 from './0013_uploads.ts';
import * as m0014 from './0014_refunds_library_scope.ts';
import * as m0015 from './0015_qr_request_origin.ts';
import * as m0016 from './0016_wechat_callback_nonces.ts';
import * as m0017 from './0017_reduce_settlement.ts';
import * as m0018 from './0018_upload_counts.ts';
import * as m0019 from './0019_order_priced_fen.ts';
import * as m0020 from './0020_library_title_keys.ts';
import * as m0021 from './0021_writing_sources.ts';
import * as m0022 from './0022_record_documents.ts';

/**
 * Every migration, in order. Each feature area owns its own numbered file
 * (0001 accounts, 0002 billing, 0003 checks, 0004 llm/chat, …); names sort in application order.
 */
export const migrations: Record<string, Migration> = {
  '0001_accounts': m0001,
  '0002_billing': m0002,
  '0003_checks': m0003,
  '0004_llm': m0004,
  '0005_aigc': m0005,
  '0006_rewriting': m0006,
  '0007_slides': m0007,
  '0008_writing': m0008,
  '0009_free_check_limits': m0009,
  '0010_reducing': m0010,
  '0011_admin_audit': m0011,
  '0013_uploads': m0013,
  '0014_refunds_library_scope': m0014,
  '0015_qr_request_origin': m0015,
  '0016_wechat_callback_nonces': m0016,
  '0017_reduce_settlement': m0017,
  '0018_upload_counts': m0018,
  '0019_order_priced_fen': m0019,
  '0020_library_title_keys': m0020,
  '0021_writing_sources': m0021,
  '0022_record_documents': m0022,
};
