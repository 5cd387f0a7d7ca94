import { z } from 'zod';
import { PageQuery, pageOf, textFilter } from '../common';
import { JobStatus } from '../../marketing/vocab';
import { defineCall } from '../call';

export const MarketingJob = z.object({
  id: z.number().int(),
  kind: z.string(),
  key: z.string(),
  status: z.enum(JobStatus.values),
  attempts: z.number().int(),
  runAt: z.string(),
  finishedAt: z.string().nullable(),
  lastError: z.string(),
  result: z.unknown(),
});
/** GET /api/marketing/job/list: the job runner's recent work. */
export const JobListQuery = PageQuery.extend({ kind: textFilter, status: z.enum(JobStatus.values).optional() });
export const JobListResult = pageOf(MarketingJob);

// The calls (issue #29): each declared once, registered by the server's modules/marketing routes, made by the web.
export const marketingJobListCall = defineCall({ method: 'GET', url: '/api/marketing/job/list', query: JobListQuery, data: JobListResult });
