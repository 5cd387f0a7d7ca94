import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Card, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { decimal2 } from '@waystation/shared/rules';
import { minorToDecimal } from '@waystation/shared/contract/reference';
import { ProvinceSaveBody, type Province } from '@waystation/shared/contract/logistics';
import { showFieldErrors, validValues, zodRule } from '../../components/zodRule';
import { useCountries, useProvinces, useSaveProvince } from './api';
import { money } from './format';
import { NumberInput } from '../../components/NumberInput';

/** Provinces / states of a country with their remote-area fee. */
export default function ProvinceConfig() {
  const [params, setParams] = useSearchParams();
  const countryCode = params.get('countryCode') ?? '';
  const countries = useCountries();
  const list = useProvinces(countryCode);
  const [editing, setEditing] = useState<Province | 'new' | null>(null);
  return (
    <Card>
      <Space style={{ marginBottom: 16 }}>
        <span>国家</span>
        <Select
          style={{ width: 200 }}
          showSearch
          optionFilterProp="label"
          aria-label="国家"
          placeholder="请选择国家"
          value={countryCode || undefined}
          onChange={(v: string) => setParams({ countryCode: v })}
          options={countries.data?.map((c) => ({ value: c.code, label: `${c.nameZh} ${c.code}` }))}
        />
        <Button type="primary" icon={<PlusOutlined />} disabled={!countryCode} onClick={() => setEditing('new')}>
          新增省份
        </Button>
      </Space>
      <Table<Province>
        rowKey="id"
        dataSource={list.data}
        loading={list.isFetching}
        pagination={false}
        columns={[
          { key: 'code', title: '代码', dataIndex: 'code' },
          { key: 'nameZh', title: '名称', dataIndex: 'nameZh' },
          { key: 'nameEn', title: '英文名称', dataIndex: 'nameEn' },
          { key: 'remoteFee', title: '偏远附加费', dataIndex: 'remoteFee', render: (v: number) => (v ? money(v, 'CNY') : '—') },
          { key: 'sort', title: '排序', dataIndex: 'sort' },
          {
            key: 'status',
            title: '状态',
            dataIndex: 'status',
            render: (s: string) => <Tag color={s === 'activity' ? 'green' : 'orange'}>{s === 'activity' ? '启用' : '禁用'}</Tag>,
          },
          {
            key: 'actions',
            title: '操作',
            render: (_, p) => (
              <Button type="link" size="small" onClick={() => setEditing(p)}>
                编辑
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
  const { message } = App.useApp();
  const [form] = Form.useForm<ProvinceSaveBody>();
  const save = useSaveProvince();
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    try {
      await save.mutateAsync({ ...v, id: province?.id, countryCode });
      message.success('操作成功');
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  return (
    <Modal open title={province ? '编辑省份' : '新增省份'} onOk={submit} onCancel={onClose} confirmLoading={save.isPending} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        initialValues={province ? { ...province, remoteFee: minorToDecimal(province.remoteFee) } : { remoteFee: '0', status: 'activity', sort: 0 }}
      >
        <Form.Item name="code" label="代码" rules={[{ required: true, message: '请输入' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="nameZh" label="名称" rules={[{ required: true, message: '请输入' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="nameEn" label="英文名称" rules={[{ required: true, message: '请输入' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="remoteFee" label="偏远附加费（CNY）" rules={[zodRule(decimal2)]}>
          <Input />
        </Form.Item>
        <Space>
          <Form.Item name="sort" label="排序" rules={[zodRule(ProvinceSaveBody.shape.sort)]}>
            <NumberInput style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select
              style={{ width: 100 }}
              options={[
                { value: 'activity', label: '启用' },
                { value: 'disabled', label: '禁用' },
              ]}
            />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
