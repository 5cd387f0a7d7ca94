import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Form, Input, Modal, Select, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { decimal2 } from '@waystation/shared/rules';
import { minorToDecimal } from '@waystation/shared/contract/reference';
import { ProvinceSaveBody, type Province } from '@waystation/shared/contract/logistics';
import { zodRule } from '../../components/zodRule';
import { useProvinces, useSaveProvince } from './api';
import { useCountryOptions } from './selectors';
import { money } from './format';
import { NumberInput } from '../../components/NumberInput';
import { useLogisticsMessages } from './messages';
import { StatusTag, useStatusOptions } from '../../components/list/status';
import { useFormSave } from '../../components/list/useFormSave';

/** Provinces / states of a country with their remote-area fee. */
export default function ProvinceConfig() {
  const m = useLogisticsMessages();
  const [params, setParams] = useSearchParams();
  const countryCode = params.get('countryCode') ?? '';
  const countries = useCountryOptions();
  const list = useProvinces(countryCode);
  const [editing, setEditing] = useState<Province | 'new' | null>(null);
  return (
    <Card>
      <Space style={{ marginBottom: 16 }}>
        <span>{m.countryLabel}</span>
        <Select
          style={{ width: 200 }}
          showSearch
          optionFilterProp="label"
          aria-label={m.countryFilter}
          placeholder={m.countryRequired}
          value={countryCode || undefined}
          onChange={(v: string) => setParams({ countryCode: v })}
          options={countries.options}
        />
        <Button type="primary" icon={<PlusOutlined />} disabled={!countryCode} onClick={() => setEditing('new')}>
          {m.addProvince}
        </Button>
      </Space>
      <Table<Province>
        rowKey="id"
        dataSource={list.data}
        loading={list.isFetching}
        pagination={false}
        columns={[
          { key: 'code', title: m.code2, dataIndex: 'code' },
          { key: 'nameZh', title: m.name2, dataIndex: 'nameZh' },
          { key: 'nameEn', title: m.nameEn, dataIndex: 'nameEn' },
          { key: 'remoteFee', title: m.remoteAreaSurcharge, dataIndex: 'remoteFee', render: (v: number) => (v ? money(v, 'CNY') : '—') },
          { key: 'sort', title: m.sort, dataIndex: 'sort' },
          {
            key: 'status',
            title: m.status,
            dataIndex: 'status',
            render: (s: string) => <StatusTag status={s} />,
          },
          {
            key: 'actions',
            title: m.actions,
            render: (_, p) => (
              <Button type="link" size="small" onClick={() => setEditing(p)}>
                {m.edit}
              </Button>
            ),
          },
        ]}
      />
      {editing && <ProvinceModal countryCode={countryCode} province={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function ProvinceModal({ countryCode, province, onClose }: { countryCode: string; province: Province | null; onClose: () => void }) {
  const m = useLogisticsMessages();
  const statusOptions = useStatusOptions();
  const [form] = Form.useForm<ProvinceSaveBody>();
  const save = useSaveProvince();
  const saveForm = useFormSave();
  const submit = () => saveForm(form, (v) => save.mutateAsync({ ...v, id: province?.id, countryCode }), onClose);
  return (
    <Modal open title={province ? m.editProvince : m.addProvince} onOk={submit} onCancel={onClose} confirmLoading={save.isPending} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        initialValues={province ? { ...province, remoteFee: minorToDecimal(province.remoteFee) } : { remoteFee: '0', status: 'activity', sort: 0 }}
      >
        <Form.Item name="code" label={m.code2} rules={[{ required: true, message: m.required }]}>
          <Input />
        </Form.Item>
        <Form.Item name="nameZh" label={m.name2} rules={[{ required: true, message: m.required }]}>
          <Input />
        </Form.Item>
        <Form.Item name="nameEn" label={m.nameEn} rules={[{ required: true, message: m.required }]}>
          <Input />
        </Form.Item>
        <Form.Item name="remoteFee" label={m.remoteAreaSurchargeCny} rules={[zodRule(decimal2)]}>
          <Input />
        </Form.Item>
        <Space>
          <Form.Item name="sort" label={m.sort} rules={[zodRule(ProvinceSaveBody.shape.sort)]}>
            <NumberInput style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="status" label={m.status}>
            <Select style={{ width: 100 }} options={statusOptions} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
