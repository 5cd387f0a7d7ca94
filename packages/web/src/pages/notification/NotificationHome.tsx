import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Alert, Button, Card, Col, Form, Input, Row, Select, Space, Table, Tabs, Tag } from 'antd';
import { NOTIFY_VARIABLES, NotifyChannelType, NotifyEvent } from '@waystation/shared/vocab/config-content';
import type { NotifyLog, NotifyPreviewResult, NotifyTemplateSaveBody } from '@waystation/shared/contract/notification';
import { formatTime } from '../../utils/time';
import { useListQuery } from '../../components/useListQuery';
import { showFieldErrors } from '../../components/zodRule';
import { previewTemplate, useLogs, useNotifyChannels, useSaveTemplate, useTemplates } from './api';
import ChannelList from './ChannelList';

/** Member notifications: channels, templates per event with preview, and the delivery log. The tab is in the URL. */
export default function NotificationHome() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'channels';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k })}
        items={[
          { key: 'channels', label: '通知渠道', children: <ChannelList /> },
          { key: 'templates', label: '通知模板', children: <Templates /> },
          { key: 'logs', label: '发送记录', children: <Logs /> },
        ]}
      />
    </Card>
  );
}

function Templates() {
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
      message.success('操作成功');
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
            options={NotifyEvent.entries.map((e) => ({ value: e.value, label: e.zh }))}
            aria-label="通知事件"
          />
          <Select
            style={{ width: 140 }}
            value={sel.channelType}
            onChange={(channelType) => setSel((s) => ({ ...s, channelType }))}
            options={NotifyChannelType.entries.map((e) => ({ value: e.value, label: e.zh }))}
            aria-label="渠道类型"
          />
          {current && !current.saved && <Tag>默认模板</Tag>}
        </Space>
        <Form<NotifyTemplateSaveBody> form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="subject" label="标题">
            <Input />
          </Form.Item>
          <Form.Item name="body" label="内容" rules={[{ required: true, message: '请输入模板内容' }]}>
            <Input.TextArea rows={6} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select
              style={{ width: 120 }}
              options={[
                { value: 'activity', label: '启用' },
                { value: 'disabled', label: '禁用' },
              ]}
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
            <Button onClick={doPreview}>预览</Button>
          </Space>
        </Form>
      </Col>
      <Col span={10}>
        <Card size="small" title="可用变量">
          <Space wrap>
            {NOTIFY_VARIABLES[sel.event as keyof typeof NOTIFY_VARIABLES].map((v) => (
              <Tag key={v}>{`{{${v}}}`}</Tag>
            ))}
          </Space>
        </Card>
        {preview && (
          <Card size="small" title="预览" style={{ marginTop: 12 }}>
            {preview.unknownVariables.length > 0 && (
              <Alert type="error" showIcon style={{ marginBottom: 8 }} message={`未知的变量：${preview.unknownVariables.join(', ')}`} />
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
  const { query, page, limit, setPage, setFilters } = useListQuery();
  const channels = useNotifyChannels();
  const q = { page, limit, channelId: Number(query.channelId) || undefined, status: query.status as 'sent' | 'failed' | undefined };
  const logs = useLogs(q);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Select
          allowClear
          placeholder="全部渠道"
          style={{ width: 180 }}
          value={q.channelId}
          onChange={(v) => setFilters({ ...query, tab: 'logs', page: undefined, channelId: v })}
          options={channels.data?.map((c) => ({ value: c.id, label: c.name }))}
        />
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 120 }}
          value={q.status}
          onChange={(v) => setFilters({ ...query, tab: 'logs', page: undefined, status: v })}
          options={[
            { value: 'sent', label: '成功' },
            { value: 'failed', label: '失败' },
          ]}
        />
      </Space>
      <Table<NotifyLog>
        rowKey="id"
        dataSource={logs.data?.list}
        loading={logs.isFetching}
        pagination={{ current: page, pageSize: limit, total: logs.data?.total ?? 0, onChange: setPage, showTotal: (n) => `共 ${n} 条` }}
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
          { key: 'createTime', title: '时间', dataIndex: 'createTime', render: formatTime },
          { key: 'channel', title: '渠道', dataIndex: 'channelId', render: (id: number) => channels.data?.find((c) => c.id === id)?.name ?? `#${id}` },
          { key: 'event', title: '事件', dataIndex: 'event', render: (v: string) => NotifyEvent.label(v) },
          { key: 'recipient', title: '接收方', dataIndex: 'recipient' },
          {
            key: 'status',
            title: '结果',
            dataIndex: 'status',
            render: (s: string, l) =>
              s === 'sent' ? (
                <Tag color="green">成功</Tag>
              ) : (
                <Tag color="red" title={l.error}>
                  失败
                </Tag>
              ),
          },
          { key: 'error', title: '错误', dataIndex: 'error', ellipsis: true },
          { key: 'test', title: '测试', dataIndex: 'test', render: (v: boolean) => (v ? '是' : '否') },
          { key: 'operatorName', title: '操作人', dataIndex: 'operatorName' },
        ]}
      />
    </Space>
  );
}
