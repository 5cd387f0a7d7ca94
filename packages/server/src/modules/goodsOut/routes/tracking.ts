import type { FastifyInstance } from 'fastify';
import { trackingRunCall, trackingSaveSettingsCall, trackingSettingsCall, trackingTestCall } from '@waystation/shared/contract/goodsOut/tracking';
import { api } from '../../../core/http';
import { runTracking } from '../tracking';
import { saveTrackingSettings, testTracking, trackingSettings } from '../trackingSettings';

/** The tracking service's settings (系统参数 → 物流跟踪), for staff who keep the system parameters. */
const SETTINGS = 'system:param';

export function trackingRoutes(app: FastifyInstance): void {
  const { db, secrets, now, carrierSandbox } = app.services;
  api(app, trackingSettingsCall, {
    permission: SETTINGS,
    summary: '17TRACK settings (the key masked) and the hourly job’s last run',
    handler: () => trackingSettings(db),
  });
  api(app, trackingSaveSettingsCall, {
    permission: SETTINGS,
    summary: 'Save the 17TRACK key (sealed; empty keeps it), API address and switch',
    handler: ({ body, actor, now }) => saveTrackingSettings(db, secrets, actor, body, now),
  });
  api(app, trackingTestCall, {
    permission: SETTINGS,
    summary: 'Test the saved 17TRACK settings (asks for the key’s quota)',
    handler: () => testTracking(db, secrets),
  });
  api(app, trackingRunCall, {
    permission: SETTINGS,
    summary: 'Run the tracking job once now (17TRACK when set up; the demo carrier’s parcels one step further where it is allowed)',
    handler: () => runTracking(db, secrets, now, { sandboxOn: carrierSandbox }),
  });
}
