import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { decimal2, percentage } from '@waystation/shared/rules';
import { minorToDecimal } from '@waystation/shared/contract/reference';
import { AreaSaveBody, type ChannelArea } from '@waystation/shared/contract/logistics';
import { ResizableTable, type ResizableColumn } from '../../components/ResizableTable';
import { showFieldErrors, validValues, zodRule } from '../../components/zodRule';
import { useAreas, useChannel, useCountries, useDeleteArea, useSaveArea } from './api';
import { ChannelPicker, useChannelParam } from './ChannelPicker';
import { bpToPercent, days, grams, money } from './format';
import { NumberInput } from '../../components/NumberInput';

/** Country zones of one channel, each with its freight rule (first/continued weight, volumetric divisor, limits, surcharges). */
const areaShape = AreaSaveBody.shape;

export default function CountryAreaConfig() {
  const { modal, message } = App.useApp();
  const [channelId, setChannelId] = useChannelParam();
  const channel = useChannel(channelId);
  const areas = useAreas(channelId);
  const countries = useCountries();
  const del = useDeleteArea();
  const [editing, setEditing] = useState<ChannelArea | 'new' | null>(null);
  const countryName = (code: string) => countries.data?.find((c) => c.code === code)?.nameZh ?? code;

  const remove = (a: ChannelArea) =>
    modal.confirm({
      title: '确认删除',
      content: `删除区域「${a.name}」后，其中的国家将无法使用该渠道。确定删除吗？`,
      okButtonProps: { danger: true },
      onOk: async () => {
        await del.mutateAsync(a.id);
        message.success('操作成功');
      },
    });

  const columns: ResizableColumn<ChannelArea>[] = [
    { key: 'name', title: '区域名称', dataIndex: 'name', width: 130 },
    { key: 'countries', title: '国家', dataIndex: 'countries', width: 280, render: (cs: string[]) => cs.map((c) => <Tag key={c}>{countryName(c)}</Tag>) },
    { key: 'first', title: '首重', width: 150, render: (_, a) => `${grams(a.firstWeightG)} / ${money(a.firstPrice, a.currency)}` },
    { key: 'cont', title: '续重', width: 150, render: (_, a) => `${grams(a.continuedWeightG)} / ${money(a.continuedPrice, a.currency)}` },
    { key: 'divisor', title: '体积系数', dataIndex: 'volumetricDivisor', width: 90, render: (v: number) => v || '不计体积' },
    {
      key: 'limits',
      title: '重量限制',
      width: 150,
      render: (_, a) => `${a.minWeightG ? grams(a.minWeightG) : '不限'} ~ ${a.maxWeightG ? grams(a.maxWeightG) : '不限'}`,
    },
    { key: 'side', title: '最长边', dataIndex: 'maxSideMm', width: 90, render: (v: number) => (v ? `${v} mm` : '不限') },
    { key: 'fees', title: '燃油/操作费', width: 150, render: (_, a) => `${bpToPercent(a.fuelSurchargeBp)}% / ${money(a.handlingFee, a.currency)}` },
    {
      key: 'days',
      title: '时效',
      width: 90,
      render: (_, a) => (a.deliveryMinDays !== null && a.deliveryMaxDays !== null ? days(a.deliveryMinDays, a.deliveryMaxDays, '天') : '同渠道'),
    },
    {
      key: 'status',
      title: '状态',
      dataIndex: 'status',
      width: 70,
      render: (s: string) => <Tag color={s === 'activity' ? 'green' : 'orange'}>{s === 'activity' ? '启用' : '禁用'}</Tag>,
    },
    {
      key: 'actions',
      title: '操作',
      width: 130,
      fixed: 'right',
      render: (_, a) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(a)}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(a)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Space style={{ marginBottom: 16 }} wrap>
        <ChannelPicker value={channelId} onChange={setChannelId} />
        {channel.data && <span>计价币种：{channel.data.currency}</span>}
        <Button type="primary" icon={<PlusOutlined />} disabled={!channelId} onClick={() => setEditing('new')}>
          新增区域
        </Button>
      </Space>
      <ResizableTable<ChannelArea>
        rowKey="id"
        columns={columns}
        dataSource={areas.data}
        loading={areas.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={false}
      />
      {editing && channel.data && (
        <AreaEditModal channelId={channelId} currency={channel.data.currency} area={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}

type AreaForm = Omit<AreaSaveBody, 'channelId' | 'id'>;

function AreaEditModal({ channelId, currency, area, onClose }: { channelId: number; currency: string; area: ChannelArea | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AreaForm>();
  const countries = useCountries();
  const save = useSaveArea();
  const initial: Partial<AreaForm> = area
    ? {
        ...area,
        firstPrice: minorToDecimal(area.firstPrice),
        continuedPrice: minorToDecimal(area.continuedPrice),
        handlingFee: minorToDecimal(area.handlingFee),
        fuelSurchargePercent: bpToPercent(area.fuelSurchargeBp),
      }
    : {
        firstWeightG: 500,
        continuedWeightG: 500,
        volumetricDivisor: 6000,
        minWeightG: 0,
        maxWeightG: 30000,
        maxSideMm: 0,
        fuelSurchargePercent: '0',
        handlingFee: '0',
        status: 'activity',
        sort: 0,
        countries: [],
      };
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    try {
      await save.mutateAsync({ ...v, channelId, id: area?.id, deliveryMinDays: v.deliveryMinDays ?? null, deliveryMaxDays: v.deliveryMaxDays ?? null });
      message.success('操作成功');
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  const int = (name: keyof typeof areaShape & keyof AreaForm, label: string, unit?: string) => (
    <Form.Item name={name} label={label} rules={[zodRule(areaShape[name])]}>
      <NumberInput unit={unit} style={{ width: 130 }} />
    </Form.Item>
  );
  return (
    <Modal open title={area ? '编辑区域' : '新增区域'} onOk={submit} onCancel={onClose} confirmLoading={save.isPending} destroyOnHidden width={720}>
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="name" label="区域名称" rules={[{ required: true, message: '请输入' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="countries" label="国家" rules={[{ required: true, type: 'array', min: 1, message: '数组不能为空' }]}>
          <Select
            mode="multiple"
            showSearch
            optionFilterProp="label"
            options={countries.data?.map((c) => ({ value: c.code, label: `${c.nameZh} ${c.code}` }))}
          />
        </Form.Item>
        <Space wrap>
          {int('firstWeightG', '首重', 'g')}
          <Form.Item name="firstPrice" label={`首重价格（${currency}）`} rules={[zodRule(areaShape.firstPrice)]}>
            <Input style={{ width: 130 }} />
          </Form.Item>
          {int('continuedWeightG', '续重步长', 'g')}
          <Form.Item name="continuedPrice" label={`续重价格（${currency}）`} rules={[zodRule(areaShape.continuedPrice)]}>
            <Input style={{ width: 130 }} />
          </Form.Item>
        </Space>
        <Space wrap>
          {int('volumetricDivisor', '体积系数（0=不计）')}
          {int('minWeightG', '最小重量', 'g')}
          {int('maxWeightG', '最大重量（0=不限）', 'g')}
          {int('maxSideMm', '最长边（0=不限）', 'mm')}
        </Space>
        <Space wrap>
          <Form.Item name="fuelSurchargePercent" label="燃油附加费（%）" rules={[zodRule(percentage)]}>
            <Input style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="handlingFee" label={`操作费（${currency}）`} rules={[zodRule(decimal2)]}>
            <Input style={{ width: 130 }} />
          </Form.Item>
          {int('deliveryMinDays', '最短时效', '天')}
          {int('deliveryMaxDays', '最长时效', '天')}
        </Space>
        <Space>
          {int('sort', '排序')}
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
