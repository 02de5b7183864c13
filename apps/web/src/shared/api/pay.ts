import { type JobPayOptionsQuery, payEndpoints as ep, type PayOptionsQuery } from '@paperdesk/contracts';
import { call } from '../../utils/request.ts';

/** `pay_api`: what an unpaid record costs each way (the confirm step's choice). */
export const payOptions = (query: PayOptionsQuery) => call(ep.pay_options, { query, silent: true });

/** The same for a job not created yet: the way an upload page's button will take. */
export const jobPayOptions = (query: JobPayOptionsQuery) => call(ep.job_options, { query, silent: true });
