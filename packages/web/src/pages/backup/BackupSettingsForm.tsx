import { useEffect } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Switch, Typography } from 'antd';
import type { FormRule } from 'antd';
import { BACKUP_LIMITS, DAILY_AT, type BackupSettings } from '@waystation/shared/contract/backup';
import { fill } from '../../i18n';
import { formatTime } from '../../utils/time';
import { showFieldErrors } from '../../components/zodRule';
import { useBackupSettings, useSaveBackupSettings } from './api';
import { useBackupMessages } from './messages';

type Limited = keyof typeof BACKUP_LIMITS;

/** The schedule (Beijing time), how many scheduled backups to keep, and when old logs and traces move to the archive. */
export default function BackupSettingsForm() {
  const m = useBackupMessages();
  const { message } = App.useApp();
  const [form] = Form.useForm<BackupSettings>();
  const settings = useBackupSettings();
  const save = useSaveBackupSettings();

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  // The server's limits (shared), with the message in the page's language.
  const intRule = (field: Limited): FormRule[] => {
    const { min, max } = BACKUP_LIMITS[field];
    const text = fill(m.intRange, { min, max });
    return [
      { required: true, message: text },
      { type: 'integer', min, max, message: text },
    ];
  };
  const number = (field: Limited) => (
    <Form.Item name={field} label={m[field]} rules={intRule(field)}>
      <InputNumber precision={0} style={{ width: 160 }} />
    </Form.Item>
  );

  const onFinish = async (values: BackupSettings) => {
    try {
      await save.mutateAsync(values);
      message.success(m.saved);
    } catch (err) {
      showFieldErrors(form, err);
    }
  };

  const d = settings.data;
  return (
    <Card title={m.settings} loading={settings.isLoading}>
      <Form<BackupSettings> form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 720 }}>
        <Form.Item name="enabled" label={m.enabled} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="dailyAt"
          label={m.dailyAt}
          rules={[
            { required: true, message: m.dailyAtRequired },
            { pattern: DAILY_AT, message: m.dailyAtFormat },
          ]}
        >
          <Input placeholder="03:00" style={{ width: 160 }} maxLength={5} />
        </Form.Item>
        {number('keepDaily')}
        {number('keepWeekly')}
        <Typography.Paragraph type="secondary">{m.retentionHelp}</Typography.Paragraph>
        {number('archiveLogsAfterDays')}
        {number('archiveTracesAfterDays')}
        <Typography.Paragraph type="secondary">{m.archiveHelp}</Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {m.save}
        </Button>
        <Typography.Text type="secondary" style={{ marginLeft: 16 }}>
          {d?.modifyTime ? fill(m.lastSaved, { time: formatTime(d.modifyTime), by: d.modifiedBy }) : m.neverSaved}
        </Typography.Text>
      </Form>
    </Card>
  );
}
