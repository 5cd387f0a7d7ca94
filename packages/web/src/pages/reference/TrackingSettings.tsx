import { useState } from 'react';
import { App, Button, Card, Form, Input, Space, Switch, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type TrackingSettingsSaveBody,
  TrackingSettingsSaveBody as SaveBody,
  trackingSaveSettingsCall,
  trackingRunCall,
  trackingSettingsCall,
  trackingTestCall,
} from '@waystation/shared/contract/goodsOut/tracking';
import { translate } from '@waystation/shared/rules/messages';
import { call } from '../../api/request';
import { fill, useLang } from '../../i18n';
import { formatTime } from '../../utils/time';
import { zodRule } from '../../components/zodRule';
import { useFormSave } from '../../components/list/useFormSave';
import { useReferenceMessages } from './messages';

const KEY = ['reference', 'tracking'] as const;

/**
 * 系统参数's 物流跟踪 section: the 17TRACK key (masked once saved), its API address, the switch, a connection test, and
 * 立即跟踪, one run of the hourly job now (the demo carrier's parcels move one step a run).
 */
export function TrackingSettings() {
  const m = useReferenceMessages();
  const lang = useLang((s) => s.lang);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: KEY, queryFn: () => call(trackingSettingsCall) });
  const save = useMutation({
    mutationFn: (b: TrackingSettingsSaveBody) => call(trackingSaveSettingsCall, b),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
  const saveForm = useFormSave();
  const [testing, setTesting] = useState(false);
  const runNow = useMutation({
    mutationFn: () => call(trackingRunCall),
    onSuccess: (r) => {
      message.success(fill(m.trackingRunDone, { polled: r.polled, events: r.events, delivered: r.delivered }));
      return qc.invalidateQueries({ queryKey: KEY });
    },
  });
  const [form] = Form.useForm<TrackingSettingsSaveBody>();
  const s = settings.data;
  if (!s) return null;
  const test = async () => {
    setTesting(true);
    try {
      const r = await call(trackingTestCall);
      const text = translate(r.message, lang);
      if (r.ok) message.success(r.quotaRemain === null ? text : `${text} · ${fill(m.trackingQuota, { n: r.quotaRemain })}`);
      else message.error(text);
    } finally {
      setTesting(false);
    }
  };
  const run = s.lastRun;
  return (
    <Card size="small" title={m.tracking} data-testid="tracking-settings" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        {m.trackingHelp} {m.trackingSandboxHelp}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        initialValues={{ enabled: s.enabled, apiKey: '', apiBase: s.apiBase }}
        onFinish={() =>
          saveForm(
            form,
            (v) => save.mutateAsync({ enabled: !!v.enabled, apiKey: v.apiKey ?? '', apiBase: v.apiBase ?? '' }),
            () => form.setFieldValue('apiKey', ''),
          )
        }
      >
        <Form.Item name="enabled" label={m.enabled} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="apiKey" label={m.trackingKey} rules={[zodRule(SaveBody.shape.apiKey)]}>
          <Input.Password autoComplete="new-password" style={{ width: 260 }} placeholder={s.apiKeySet ? fill(m.trackingKeySet, { masked: s.apiKey }) : ''} />
        </Form.Item>
        <Form.Item name="apiBase" label={m.trackingBase} rules={[zodRule(SaveBody.shape.apiBase)]}>
          <Input style={{ width: 260 }} placeholder={m.trackingBaseOfficial} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {m.save}
          </Button>
          <Button onClick={test} loading={testing} disabled={!s.apiKeySet}>
            {m.trackingTest}
          </Button>
          <Button onClick={() => runNow.mutate()} loading={runNow.isPending} data-testid="tracking-run-now">
            {m.trackingRunNow}
          </Button>
        </Space>
      </Form>
      {run && (
        <Typography.Paragraph type={run.error ? 'danger' : 'secondary'} style={{ marginTop: 12, marginBottom: 0 }} data-testid="tracking-last-run">
          {fill(m.trackingLastRun, { at: formatTime(run.at), registered: run.registered, polled: run.polled, events: run.events })}
          {run.error ? ` · ${translate(run.error, lang)}` : ''}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
