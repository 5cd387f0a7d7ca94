import { z } from 'zod';
import { TrackingStatus } from '../../vocab/tracking';
import { defineCall } from '../call';

/** Tracking of shipped parcels through 17TRACK (issue #33.3): the events staff and members see, and the service's settings. */

export const TrackingEvent = z.object({
  time: z.string(),
  /** The service's class of the event, when it gave one. */
  status: z.enum(TrackingStatus.values).nullable(),
  description: z.string(),
  location: z.string(),
});
export type TrackingEvent = z.infer<typeof TrackingEvent>;

/** A package's tracking: its number, where the service last said it is (null before the first answer), events newest first. */
export const PackageTracking = z.object({
  trackingNo: z.string(),
  status: z.enum(TrackingStatus.values).nullable(),
  checkedAt: z.string().nullable(),
  events: z.array(TrackingEvent),
});
export type PackageTracking = z.infer<typeof PackageTracking>;

/** The tracking service's settings as staff see them: the key only masked (••••1234), never in full. */
export const TrackingSettings = z.object({
  enabled: z.boolean(),
  apiKey: z.string(),
  apiKeySet: z.boolean(),
  /** Empty: the official address (https://api.17track.net). */
  apiBase: z.string(),
  /** The last run of the hourly job: when, what it did, and the service's refusal if any. */
  lastRun: z.object({ at: z.string(), registered: z.number().int(), polled: z.number().int(), events: z.number().int(), error: z.string() }).nullable(),
});
export type TrackingSettings = z.infer<typeof TrackingSettings>;

export const TrackingSettingsSaveBody = z.strictObject({
  enabled: z.boolean(),
  /** Empty keeps the stored key (unless the address changes: then it must be typed again). */
  apiKey: z
    .string()
    .trim()
    .max(200)
    .regex(/^[\x21-\x7e]*$/, '密钥只能包含可见的 ASCII 字符')
    .default(''),
  apiBase: z
    .string()
    .trim()
    .max(300)
    .refine((s) => s === '' || /^https?:\/\/[^\s/?#]+\/?$/.test(s), '请输入 http(s)://主机[:端口] 形式的地址')
    .default(''),
});
export type TrackingSettingsSaveBody = z.infer<typeof TrackingSettingsSaveBody>;

export const TrackingTestResult = z.object({ ok: z.boolean(), message: z.string(), quotaRemain: z.number().int().nullable() });
export type TrackingTestResult = z.infer<typeof TrackingTestResult>;

export const trackingSettingsCall = defineCall({ method: 'GET', url: '/api/tracking/settings', data: TrackingSettings });
export const trackingSaveSettingsCall = defineCall({ method: 'POST', url: '/api/tracking/saveSettings', body: TrackingSettingsSaveBody, data: z.null() });
export const trackingTestCall = defineCall({ method: 'POST', url: '/api/tracking/test', data: TrackingTestResult });

/** What one run of the tracking job did (立即跟踪): 17TRACK skipped when it is not set up; the demo carrier's parcels count in polled. */
export const TrackingRunResult = z.object({
  skipped: z.boolean(),
  registered: z.number().int(),
  polled: z.number().int(),
  events: z.number().int(),
  delivered: z.number().int(),
  problems: z.number().int(),
  error: z.string(),
});
export type TrackingRunResult = z.infer<typeof TrackingRunResult>;

export const trackingRunCall = defineCall({ method: 'POST', url: '/api/tracking/run', data: TrackingRunResult });
