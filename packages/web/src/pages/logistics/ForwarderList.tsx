import { useState } from 'react';
import type { FormInstance } from 'antd';
import { Button, Card, Form, Input, Modal, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { fill } from '../../i18n';
import { urlText } from '@waystation/shared/rules';
import type { Forwarder, ForwarderSaveBody } from '@waystation/shared/contract/logistics';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListCall, useListPage } from '../../components/list/ListPage';
import { zodRule } from '../../components/zodRule';
import { useSaveForwarder } from './api';
import { useLogisticsMessages } from './messages';
import { StatusTag, useStatusOptions } from '../../components/list/status';
import { useFormSave } from '../../components/list/useFormSave';
import { forwarderPageListCall } from '@waystation/shared/contract/logistics';

/** Forwarders (the carriers behind ship channels). */
export default function ForwarderList() {
  const m = useLogisticsMessages();
  const statusOptions = useStatusOptions();
  const list = useListPage((query) => ({ keyword: query.keyword, status: query.status as 'activity' | 'disabled' | undefined }));
  const forwarders = useListCall(forwarderPageListCall, list.params);
  const [editing, setEditing] = useState<Forwarder | 'new' | null>(null);
  const columns: ResizableColumn<Forwarder>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'code', title: m.code2, dataIndex: 'code', width: 120 },
    { key: 'name', title: m.name2, dataIndex: 'name', width: 160 },
    { key: 'contact', title: m.contact, width: 160, render: (_, f) => [f.contactName, f.phone].filter(Boolean).join(' ') },
    { key: 'website', title: m.website, dataIndex: 'website', width: 200 },
    { key: 'channelCount', title: m.channels, dataIndex: 'channelCount', width: 80 },
    {
      key: 'status',
      title: m.status,
      dataIndex: 'status',
      width: 80,
      render: (s: string) => <StatusTag status={s} />,
    },
    { key: 'modifyTime', title: m.modifyTime, dataIndex: 'modifyTime', width: 170, render: formatTime },
    {
      key: 'actions',
      title: m.actions,
      width: 90,
      render: (_, f) => (
        <Button type="link" size="small" onClick={() => setEditing(f)}>
          {m.edit}
        </Button>
      ),
    },
  ];
  return (
    <Card>
      <ListPage<Forwarder>
        list={list}
        result={forwarders}
        columns={columns}
        exportAs={{ call: forwarderPageListCall, name: m.exportForwarders }}
        toolbar={
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {m.addForwarder}
          </Button>
        }
      >
        <Form.Item name="keyword" label={m.keyword}>
          <Input allowClear />
        </Form.Item>
        <FilterSelect name="status" label={m.status} options={statusOptions} />
      </ListPage>
      {editing && <ForwarderModal forwarder={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function ForwarderModal({ forwarder, onClose }: { forwarder: Forwarder | null; onClose: () => void }) {
  const m = useLogisticsMessages();
  const statusOptions = useStatusOptions();
  const [form] = Form.useForm<ForwarderSaveBody>();
  const save = useSaveForwarder();
  const saveForm = useFormSave();
  const submit = () => saveForm(form, (v) => save.mutateAsync({ ...v, id: forwarder?.id }), onClose);
  return (
    <Modal open title={forwarder ? m.editForwarder : m.addForwarder} onOk={submit} onCancel={onClose} confirmLoading={save.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={forwarder ?? { status: 'activity' }}>
        <Form.Item name="code" label={m.code2} rules={[{ required: true, message: m.required }]}>
          <Input />
        </Form.Item>
        <Form.Item name="name" label={m.name2} rules={[{ required: true, message: m.required }]}>
          <Input />
        </Form.Item>
        <Space>
          <Form.Item name="contactName" label={m.contact}>
            <Input />
          </Form.Item>
          <Form.Item name="phone" label={m.phone}>
            <Input />
          </Form.Item>
        </Space>
        <Form.Item name="website" label={m.website} rules={[zodRule(urlText.optional(), { emptyAsUndefined: true })]}>
          <Input />
        </Form.Item>
        <Form.Item name="trackingUrl" label={m.trackingLinkTrackingnoBecomes}>
          <Input />
        </Form.Item>
        <Form.Item name="status" label={m.status}>
          <Select options={statusOptions} />
        </Form.Item>
        <Form.Item name="remark" label={m.note}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <CarrierFields form={form} keyHint={forwarder?.carrier ? forwarder.apiKeyHint : ''} />
      </Form>
    </Modal>
  );
}

const SENDER_FIELDS = [
  ['name', 'senderName'],
  ['company', 'senderCompany'],
  ['street1', 'senderStreet1'],
  ['street2', 'senderStreet2'],
  ['city', 'senderCity'],
  ['state', 'senderState'],
  ['zip', 'senderZip'],
  ['country', 'senderCountry'],
  ['phone', 'senderPhone'],
] as const;

/** The forwarder's carrier account (issue #33.2): the carrier, its API address, the key (masked), service and sender. */
function CarrierFields({ form, keyHint }: { form: FormInstance<ForwarderSaveBody>; keyHint: string }) {
  const m = useLogisticsMessages();
  const carrier = Form.useWatch('carrier', form);
  return (
    <>
      <Form.Item name="carrier" label={m.carrierApi} initialValue="" extra={carrier === 'sandbox' ? m.carrierSandboxHelp : undefined}>
        <Select
          options={[
            { value: '', label: m.carrierNone },
            { value: 'easypost', label: 'EasyPost' },
            { value: 'shippo', label: 'Shippo' },
            { value: 'sandbox', label: m.carrierSandbox },
          ]}
        />
      </Form.Item>
      {carrier ? (
        <>
          {/* The demo carrier calls nobody: no address, key or service, only the sender its label prints. */}
          {carrier === 'sandbox' ? null : (
            <>
              <Form.Item name="apiBase" label={m.carrierApiBase} extra={m.carrierApiBaseHelp}>
                <Input placeholder={carrier === 'shippo' ? 'https://api.goshippo.com' : 'https://api.easypost.com/v2'} />
              </Form.Item>
              <Form.Item name="apiKey" label={m.carrierApiKey} extra={keyHint ? fill(m.carrierKeyKept, { hint: keyHint }) : undefined}>
                <Input.Password autoComplete="new-password" placeholder={keyHint || undefined} />
              </Form.Item>
              <Form.Item name="carrierService" label={m.carrierService} extra={carrier === 'shippo' ? m.carrierServiceHelpShippo : m.carrierServiceHelp}>
                <Input />
              </Form.Item>
            </>
          )}
          <Form.Item label={m.carrierSender} style={{ marginBottom: 0 }}>
            <Space wrap>
              {SENDER_FIELDS.map(([field, label]) => (
                <Form.Item key={field} name={['sender', field]} label={m[label]}>
                  <Input />
                </Form.Item>
              ))}
            </Space>
          </Form.Item>
        </>
      ) : null}
    </>
  );
}
