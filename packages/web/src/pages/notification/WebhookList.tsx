import { Alert, Button, Empty, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { ResizableTable } from '../../components/ResizableTable';
import { PlusOutlined } from '@ant-design/icons';
import type { EventDelivery, WebhookEndpoint } from '@waystation/shared/contract/notification';
import { fill } from '../../i18n';
import { formatTime } from '../../utils/time';
import { StatusTag, useConfirmedAction, StatusToggle } from '../../components/list/status';
import { useEditor, useFormSave } from '../../components/list/useFormSave';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { useShowOnce } from './showOnce';
import { useDeliveries, useResendDelivery, useSaveWebhook, useWebhookStatus, useWebhooks } from './api';
import { useWebhookMessages } from './messages';
import { notificationWebhookDeliveriesCall } from '@waystation/shared/contract/notification';

/** Event types offered in the endpoint form (any other transition's type may be typed). */
const COMMON_EVENTS = [
  'purchase.queue',
  'purchase.purchase',
  'purchase.inbound',
  'purchase.shelve',
  'purchase.patch_request',
  'purchase.refund',
  'package.submit',
  'package.pretrial_pass',
  'package.pretrial_fail',
  'package.pay_done',
  'package.patch_request',
  'package.ship',
  'package.sign',
  'afterSales.refund.pass',
  'topup.paid',
];

/** 系统管理 › 事件推送: where the member site hears what changed, and the delivery log of events out. */
export default function WebhookList() {
  const m = useWebhookMessages();
  const endpoints = useWebhooks();
  const editor = useEditor<WebhookEndpoint>();
  const status = useWebhookStatus();
  const confirm = useConfirmedAction();
  const list = useListPage((query) => ({
    status: query.status as EventDelivery['status'] | undefined,
    target: query.target as EventDelivery['target'] | undefined,
    targetId: query.targetId ? Number(query.targetId) : undefined,
  }));
  const deliveries = useDeliveries(list.params);
  const resend = useResendDelivery();
  const backlog = deliveries.data?.backlog;

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => editor.open('new')}>
          {m.addEndpoint}
        </Button>
        <ResizableTable<WebhookEndpoint>
          rowKey="id"
          dataSource={endpoints.data}
          loading={endpoints.isFetching}
          pagination={false}
          locale={{ emptyText: <Empty description={m.emptyEndpoints} /> }}
          columns={[
            { key: 'name', title: m.name, dataIndex: 'name' },
            { key: 'url', title: m.url, dataIndex: 'url', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
            {
              key: 'events',
              title: m.events,
              dataIndex: 'events',
              render: (es: string[]) => (es.length ? es.map((e) => <Tag key={e}>{e}</Tag>) : <Tag color="blue">{m.allEvents}</Tag>),
            },
            { key: 'status', title: m.status, dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
            { key: 'secret', title: m.secret, dataIndex: 'secretHint' },
            { key: 'backlog', title: m.backlog, render: (_, e) => `${e.pendingCount} / ${e.failedCount}` },
            {
              key: 'actions',
              title: m.actions,
              render: (_, e) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => editor.open(e)}>
                    {m.edit}
                  </Button>
                  <StatusToggle
                    status={e.status}
                    labels={m}
                    content={(action) => fill(m.confirmStatus, { action, name: e.name })}
                    run={(next) => status.mutateAsync({ id: e.id, status: next })}
                  />
                  <Button type="link" size="small" onClick={() => list.setFilters({ target: 'webhook', targetId: e.id })}>
                    {m.deliveries}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Space>

      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {m.deliveries}
        </Typography.Title>
        {backlog && (
          <Alert
            type={backlog.pending ? 'warning' : 'success'}
            showIcon
            message={backlog.pending ? fill(m.backlogLine, { pending: backlog.pending, seconds: Math.round(backlog.oldestAgeMs / 1000) }) : m.backlogClear}
          />
        )}
        <ListPage<EventDelivery>
          list={list}
          result={deliveries}
          columns={[
            { key: 'eventId', title: 'ID', dataIndex: 'eventId', width: 80 },
            { key: 'eventType', title: m.event, dataIndex: 'eventType' },
            { key: 'userCode', title: m.member, dataIndex: 'userCode' },
            { key: 'entityNo', title: m.entityNo, dataIndex: 'entityNo' },
            {
              key: 'target',
              title: m.target,
              render: (_, d) => `${d.target === 'webhook' ? m.webhook : m.notify} · ${d.targetName}`,
            },
            {
              key: 'status',
              title: m.status,
              dataIndex: 'status',
              render: (s: EventDelivery['status']) => <Tag color={s === 'delivered' ? 'green' : s === 'failed' ? 'red' : 'gold'}>{m[s]}</Tag>,
            },
            { key: 'attempts', title: m.attempts, dataIndex: 'attempts' },
            { key: 'lastResult', title: m.lastResult, render: (_, d) => d.lastError || (d.lastStatus ? `HTTP ${d.lastStatus}` : '—') },
            { key: 'nextAttempt', title: m.nextAttempt, dataIndex: 'nextAttemptTime', render: (v: string | null) => (v ? formatTime(v) : '—') },
            { key: 'eventTime', title: m.eventTime, dataIndex: 'eventTime', render: (v: string) => formatTime(v) },
            {
              key: 'actions',
              title: m.actions,
              render: (_, d) => (
                <Button
                  type="link"
                  size="small"
                  onClick={() => confirm({ title: m.resend, content: fill(m.confirmResend, { id: d.eventId }), run: () => resend.mutateAsync({ id: d.id }) })}
                >
                  {m.resend}
                </Button>
              ),
            },
          ]}
          name="deliveryFilters"
          onSame={() => deliveries.refetch()}
          // The file's own columns: the delivery's facts, not the table's buttons.
          exportAs={{
            call: notificationWebhookDeliveriesCall,
            name: m.exportDeliveries,
            columns: [
              { title: 'ID', field: 'eventId', kind: 'number' },
              { title: m.event, field: 'eventType' },
              { title: m.member, field: 'userCode' },
              { title: m.entityNo, field: 'entityNo' },
              { title: m.target, field: 'target', labels: { webhook: m.webhook, notify: m.notify } },
              { title: m.targetName, field: 'targetName' },
              { title: m.status, field: 'status', labels: { pending: m.pending, delivered: m.delivered, failed: m.failed } },
              { title: m.attempts, field: 'attempts', kind: 'number' },
              { title: m.lastStatus, field: 'lastStatus', kind: 'number' },
              { title: m.lastError, field: 'lastError' },
              { title: m.nextAttempt, field: 'nextAttemptTime', kind: 'time' },
              { title: m.eventTime, field: 'eventTime', kind: 'time' },
            ],
          }}
        >
          <FilterSelect
            name="status"
            label={m.status}
            options={[
              { value: 'pending', label: m.pending },
              { value: 'delivered', label: m.delivered },
              { value: 'failed', label: m.failed },
            ]}
          />
          <FilterSelect
            name="target"
            label={m.target}
            width={150}
            options={[
              { value: 'webhook', label: m.webhook },
              { value: 'notify', label: m.notify },
            ]}
          />
        </ListPage>
      </Space>
      {editor.editing && <EndpointDialog endpoint={editor.editing === 'new' ? null : editor.editing} onClose={editor.close} />}
    </Space>
  );
}

function EndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose(): void }) {
  const m = useWebhookMessages();
  const [form] = Form.useForm<{ name: string; url: string; events: string[] }>();
  const save = useSaveWebhook();
  const saveForm = useFormSave();
  const showOnce = useShowOnce();
  return (
    <Modal
      open
      title={endpoint ? m.editEndpoint : m.addEndpoint}
      onCancel={onClose}
      confirmLoading={save.isPending}
      onOk={() =>
        saveForm(
          form,
          (v) => save.mutateAsync({ ...v, id: endpoint?.id, events: v.events ?? [] }),
          (r) => {
            onClose();
            if (r.secret) showOnce({ title: m.secretTitle, text: m.secretText, copy: m.copy, secret: r.secret, testId: 'webhook-secret' });
          },
        )
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="webhook" initialValues={endpoint ?? { events: [] }}>
        <Form.Item name="name" label={m.name}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="url" label={m.url}>
          <Input placeholder="https://member-site.example/hooks/waystation" maxLength={500} />
        </Form.Item>
        <Form.Item name="events" label={m.events} extra={m.eventsHelp}>
          <Select mode="tags" allowClear options={[{ value: '*', label: m.allEvents }, ...COMMON_EVENTS.map((e) => ({ value: e, label: e }))]} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
