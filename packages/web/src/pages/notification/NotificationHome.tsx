import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Alert, Button, Card, Col, Form, Input, Row, Select, Space, Tabs, Tag } from 'antd';
import { ListPage, useListCall, useListPage } from '../../components/list/ListPage';
import { NOTIFY_VARIABLES, NotifyChannelType, NotifyEvent } from '@waystation/shared/vocab/config-content';
import {
  type NotifyLog,
  type NotifyPreviewResult,
  type NotifyTemplateSaveBody,
  notificationVipLogPageListCall,
} from '@waystation/shared/contract/notification';
import { formatTime } from '../../utils/time';
import { showFieldErrors } from '../../components/zodRule';
import { previewTemplate, useNotifyChannels, useSaveTemplate, useTemplates } from './api';
import ChannelList from './ChannelList';
import { useNotificationMessages } from './messages';
import { fill, useLang } from '../../i18n';
import { vocabOptions } from '../../components/list/vocabOptions';
import { useStatusOptions } from '../../components/list/status';

/** Member notifications: channels, templates per event with preview, and the delivery log. The tab is in the URL. */
export default function NotificationHome() {
  const m = useNotificationMessages();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'channels';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k })}
        items={[
          { key: 'channels', label: m.notificationChannels, children: <ChannelList /> },
          { key: 'templates', label: m.notificationTemplates, children: <Templates /> },
          { key: 'logs', label: m.sentMessages, children: <Logs /> },
        ]}
      />
    </Card>
  );
}

function Templates() {
  const m = useNotificationMessages();
  const lang = useLang((s) => s.lang);
  const statusOptions = useStatusOptions();
  const { message } = App.useApp();
  const templates = useTemplates();
  const save = useSaveTemplate();
  const [form] = Form.useForm<NotifyTemplateSaveBody>();
  const [sel, setSel] = useState<{ event: string; channelType: string }>({ event: 'purchased', channelType: 'email' });
  const [preview, setPreview] = useState<NotifyPreviewResult | null>(null);
  const current = templates.data?.find((x) => x.event === sel.event && x.channelType === sel.channelType);
  useEffect(() => {
    if (current) form.setFieldsValue({ subject: current.subject, body: current.body, status: current.status });
    setPreview(null);
  }, [current, form]);
  const doPreview = async () => {
    const v = form.getFieldsValue();
    setPreview(await previewTemplate({ event: sel.event as NotifyTemplateSaveBody['event'], subject: v.subject ?? '', body: v.body ?? '' }));
  };
  const submit = async (v: NotifyTemplateSaveBody) => {
    try {
      await save.mutateAsync({
        ...v,
        event: sel.event as NotifyTemplateSaveBody['event'],
        channelType: sel.channelType as NotifyTemplateSaveBody['channelType'],
      });
      message.success(m.done);
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  return (
    <Row gutter={16}>
      <Col span={14}>
        <Space style={{ marginBottom: 12 }}>
          <Select
            style={{ width: 160 }}
            value={sel.event}
            onChange={(event) => setSel((s) => ({ ...s, event }))}
            options={vocabOptions(NotifyEvent, lang)}
            aria-label={m.notificationEvents}
          />
          <Select
            style={{ width: 140 }}
            value={sel.channelType}
            onChange={(channelType) => setSel((s) => ({ ...s, channelType }))}
            options={vocabOptions(NotifyChannelType, lang)}
            aria-label={m.channelType}
          />
          {current && !current.saved && <Tag>{m.defaultTemplate}</Tag>}
        </Space>
        <Form<NotifyTemplateSaveBody> form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="subject" label={m.title}>
            <Input />
          </Form.Item>
          <Form.Item name="body" label={m.content} rules={[{ required: true, message: m.enterTheTemplateContent }]}>
            <Input.TextArea rows={6} />
          </Form.Item>
          <Form.Item name="status" label={m.status}>
            <Select style={{ width: 120 }} options={statusOptions} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {m.save}
            </Button>
            <Button onClick={doPreview}>{m.preview}</Button>
          </Space>
        </Form>
      </Col>
      <Col span={10}>
        <Card size="small" title={m.variables}>
          <Space wrap>
            {NOTIFY_VARIABLES[sel.event as keyof typeof NOTIFY_VARIABLES].map((v) => (
              <Tag key={v}>{`{{${v}}}`}</Tag>
            ))}
          </Space>
        </Card>
        {preview && (
          <Card size="small" title={m.preview} style={{ marginTop: 12 }}>
            {preview.unknownVariables.length > 0 && (
              <Alert type="error" showIcon style={{ marginBottom: 8 }} message={fill(m.unknownVariables, { names: preview.unknownVariables.join(', ') })} />
            )}
            <div style={{ fontWeight: 500 }}>{preview.subject}</div>
            <div style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}>{preview.body}</div>
          </Card>
        )}
      </Col>
    </Row>
  );
}

function Logs() {
  const m = useNotificationMessages();
  const lang = useLang((s) => s.lang);
  const list = useListPage((query) => ({ channelId: Number(query.channelId) || undefined, status: query.status as 'sent' | 'failed' | undefined }));
  const { query, filters, setFilters } = list;
  const channels = useNotifyChannels();
  const logs = useListCall(notificationVipLogPageListCall, list.params);
  // The two choices search as they change (no 搜索 button): they are the toolbar, not a filter form.
  return (
    <ListPage<NotifyLog>
      list={list}
      result={logs}
      toolbar={
        <>
          <Select
            allowClear
            placeholder={m.allChannels}
            style={{ width: 180 }}
            value={filters.channelId}
            onChange={(v) => setFilters({ ...query, tab: 'logs', page: undefined, channelId: v })}
            options={channels.data?.map((c) => ({ value: c.id, label: c.name }))}
          />
          <Select
            allowClear
            placeholder={m.allStatuses}
            style={{ width: 120 }}
            value={filters.status}
            onChange={(v) => setFilters({ ...query, tab: 'logs', page: undefined, status: v })}
            options={[
              { value: 'sent', label: m.succeeded },
              { value: 'failed', label: m.failed },
            ]}
          />
        </>
      }
      expandable={{
        expandedRowRender: (l) => (
          <div style={{ whiteSpace: 'pre-wrap' }}>
            <b>{l.subject}</b>
            {'\n'}
            {l.body}
          </div>
        ),
      }}
      columns={[
        { key: 'createTime', title: m.time, dataIndex: 'createTime', render: formatTime },
        { key: 'channel', title: m.channel, dataIndex: 'channelId', render: (id: number) => channels.data?.find((c) => c.id === id)?.name ?? `#${id}` },
        { key: 'event', title: m.event, dataIndex: 'event', render: (v: string) => NotifyEvent.label(v, lang) },
        { key: 'recipient', title: m.recipient, dataIndex: 'recipient' },
        {
          key: 'status',
          title: m.result,
          dataIndex: 'status',
          render: (s: string, l) =>
            s === 'sent' ? (
              <Tag color="green">{m.succeeded}</Tag>
            ) : (
              <Tag color="red" title={l.error}>
                {m.failed}
              </Tag>
            ),
        },
        { key: 'error', title: m.error, dataIndex: 'error', ellipsis: true },
        { key: 'test', title: m.test, dataIndex: 'test', render: (v: boolean) => (v ? m.yes : m.no) },
        { key: 'operatorName', title: m.operator, dataIndex: 'operatorName' },
      ]}
    />
  );
}
