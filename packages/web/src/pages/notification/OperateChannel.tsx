import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { App, Alert, Button, Card, Checkbox, Divider, Form, Input, Radio, Select, Space, Switch } from 'antd';
import { NotifyChannelType, NotifyEvent } from '@waystation/shared/vocab/config-content';
import { EmailConfig, type NotifyChannelSaveBody, type NotifyLog } from '@waystation/shared/contract/notification';
import { showFieldErrors, zodRule } from '../../components/zodRule';
import { useNotifyChannel, useSaveNotifyChannel, useTestSend } from './api';
import { NumberInput } from '../../components/NumberInput';
import { useNotificationMessages } from './messages';
import { fill, useLang } from '../../i18n';
import { vocabOptions } from '../../components/list/vocabOptions';
import { useStatusOptions } from '../../components/list/status';

type ChannelForm = { type: string; name: string; events: string[]; status: 'activity' | 'disabled'; config: Record<string, unknown> };

/** Placeholder of a secret field: what is stored (masked), and that leaving it empty keeps it. */
const secretHint = (hint: string, config: Record<string, unknown> | undefined, key: string) =>
  config?.[`${key}Set`] ? fill(hint, { masked: String(config[key]) }) : '';

/** Creates (no ?id=) or edits a member notification channel; test-sends through it. Secrets are never shown in full. */
export default function OperateChannel() {
  const m = useNotificationMessages();
  const lang = useLang((s) => s.lang);
  const statusOptions = useStatusOptions();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const channel = useNotifyChannel(id);
  const save = useSaveNotifyChannel();
  const test = useTestSend();
  const [form] = Form.useForm<ChannelForm>();
  const type = Form.useWatch('type', form) ?? 'email';
  const [result, setResult] = useState<NotifyLog | null>(null);
  const [testForm] = Form.useForm<{ event: string; recipient: string }>();
  const stored = channel.data?.config;
  useEffect(() => {
    const c = channel.data;
    if (!c) return;
    const config = { ...c.config };
    // Secrets stay empty in the form: the server keeps the stored value unless a new one is typed.
    for (const k of ['password', 'webhookUrl', 'botToken']) if (k in config) config[k] = '';
    form.setFieldsValue({ type: c.type, name: c.name, events: c.events, status: c.status, config });
  }, [channel.data, form]);
  const submit = async (v: ChannelForm) => {
    try {
      const r = await save.mutateAsync({ ...v, id: id || undefined, config: v.config ?? {} } as NotifyChannelSaveBody);
      message.success(m.done);
      if (!id) setParams({ id: String(r.id) }, { replace: true });
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  const sendTest = async (v: { event: string; recipient: string }) => {
    setResult(await test.mutateAsync({ channelId: id, event: v.event as never, recipient: v.recipient ?? '' }));
  };
  return (
    <Card title={id ? m.editNotificationChannel : m.addNotificationChannel} loading={id > 0 && channel.isLoading}>
      <Form<ChannelForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        style={{ maxWidth: 720 }}
        initialValues={{ type: 'email', events: [], status: 'activity', config: { port: 587, secure: false, apiBase: 'https://api.telegram.org' } }}
      >
        <Space align="start">
          <Form.Item name="type" label={m.type}>
            <Select style={{ width: 160 }} disabled={id > 0} options={vocabOptions(NotifyChannelType, lang)} />
          </Form.Item>
          <Form.Item name="name" label={m.name} rules={[{ required: true, message: m.enterTheChannelName }]}>
            <Input style={{ width: 300 }} />
          </Form.Item>
        </Space>
        {type === 'email' && (
          <>
            <Space align="start" wrap>
              <Form.Item name={['config', 'host']} label={m.smtpServer} rules={[{ required: true, message: m.enterTheSmtpServer }]}>
                <Input style={{ width: 260 }} />
              </Form.Item>
              <Form.Item name={['config', 'port']} label={m.port} rules={[zodRule(EmailConfig.shape.port)]}>
                <NumberInput style={{ width: 120 }} />
              </Form.Item>
              <Form.Item name={['config', 'secure']} label="SSL" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
            <Space align="start" wrap>
              <Form.Item name={['config', 'username']} label={m.username}>
                <Input style={{ width: 220 }} />
              </Form.Item>
              <Form.Item name={['config', 'password']} label={m.password} extra={secretHint(m.secretHint, stored, 'password')}>
                <Input.Password style={{ width: 220 }} autoComplete="new-password" />
              </Form.Item>
            </Space>
            <Form.Item name={['config', 'from']} label={m.senderAddress} rules={[{ required: true, message: m.enterAValidSender }]}>
              <Input style={{ width: 300 }} />
            </Form.Item>
          </>
        )}
        {type === 'discord' && (
          <Form.Item name={['config', 'webhookUrl']} label={m.webhookUrl} extra={secretHint(m.secretHint, stored, 'webhookUrl')}>
            <Input.Password autoComplete="off" />
          </Form.Item>
        )}
        {type === 'telegram' && (
          <>
            <Form.Item name={['config', 'botToken']} label="Bot Token" extra={secretHint(m.secretHint, stored, 'botToken')}>
              <Input.Password autoComplete="off" />
            </Form.Item>
            <Space>
              <Form.Item name={['config', 'chatId']} label="Chat ID">
                <Input style={{ width: 220 }} />
              </Form.Item>
              <Form.Item name={['config', 'apiBase']} label={m.apiAddress}>
                <Input style={{ width: 300 }} />
              </Form.Item>
            </Space>
          </>
        )}
        {type === 'site' && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={m.siteMessagesGoStraight} />}
        <Form.Item name="events" label={m.notificationEvents}>
          <Checkbox.Group options={vocabOptions(NotifyEvent, lang)} />
        </Form.Item>
        <Form.Item name="status" label={m.status}>
          <Radio.Group options={statusOptions} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {m.save}
          </Button>
          <Button onClick={() => navigate('/notification/vip/index')}>{m.back}</Button>
        </Space>
      </Form>
      {id > 0 && (
        <>
          <Divider>{m.testSend}</Divider>
          <Form form={testForm} layout="inline" onFinish={sendTest} initialValues={{ event: 'package_shipped' }}>
            <Form.Item name="event" label={m.event}>
              <Select style={{ width: 150 }} options={vocabOptions(NotifyEvent, lang)} />
            </Form.Item>
            {(type === 'email' || type === 'site') && (
              <Form.Item name="recipient" label={type === 'email' ? m.recipientAddress : m.memberCode}>
                <Input style={{ width: 220 }} />
              </Form.Item>
            )}
            <Form.Item>
              <Button htmlType="submit" loading={test.isPending}>
                {m.sendATest}
              </Button>
            </Form.Item>
          </Form>
          {result && (
            <Alert
              style={{ marginTop: 12 }}
              showIcon
              type={result.status === 'sent' ? 'success' : 'error'}
              message={result.status === 'sent' ? m.sent : fill(m.sendFailed, { error: result.error ?? '' })}
            />
          )}
        </>
      )}
    </Card>
  );
}
