import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { decimal2, percentage } from '@waystation/shared/rules';
import { minorToDecimal } from '@waystation/shared/contract/reference';
import { AreaSaveBody, type ChannelArea } from '@waystation/shared/contract/logistics';
import { ResizableTable, type ResizableColumn } from '../../components/ResizableTable';
import { zodRule } from '../../components/zodRule';
import { useAreas, useChannel, useDeleteArea, useSaveArea } from './api';
import { useCountryOptions } from './selectors';
import { ChannelPicker, useChannelParam } from './ChannelPicker';
import { bpToPercent, days, grams, money } from './format';
import { NumberInput } from '../../components/NumberInput';
import { useLogisticsMessages } from './messages';
import { fill } from '../../i18n';
import { StatusTag, useConfirmedAction, useStatusOptions } from '../../components/list/status';
import { useFormSave } from '../../components/list/useFormSave';

/** Country zones of one channel, each with its freight rule (first/continued weight, volumetric divisor, limits, surcharges). */
const areaShape = AreaSaveBody.shape;

export default function CountryAreaConfig() {
  const m = useLogisticsMessages();
  const confirm = useConfirmedAction();
  const [channelId, setChannelId] = useChannelParam();
  const channel = useChannel(channelId);
  const areas = useAreas(channelId);
  const countries = useCountryOptions();
  const del = useDeleteArea();
  const [editing, setEditing] = useState<ChannelArea | 'new' | null>(null);
  const countryName = countries.nameOf;

  const remove = (a: ChannelArea) =>
    confirm({ title: m.confirmDeletion, content: fill(m.deleteAreaConfirm, { name: a.name }), danger: true, run: () => del.mutateAsync(a.id) });

  const columns: ResizableColumn<ChannelArea>[] = [
    { key: 'name', title: m.areaName, dataIndex: 'name', width: 130 },
    {
      key: 'countries',
      title: m.countryFilter,
      dataIndex: 'countries',
      width: 280,
      render: (cs: string[]) => cs.map((c) => <Tag key={c}>{countryName(c)}</Tag>),
    },
    { key: 'first', title: m.firstWeight, width: 150, render: (_, a) => `${grams(a.firstWeightG)} / ${money(a.firstPrice, a.currency)}` },
    { key: 'cont', title: m.additionalWeight, width: 150, render: (_, a) => `${grams(a.continuedWeightG)} / ${money(a.continuedPrice, a.currency)}` },
    { key: 'divisor', title: m.volumeDivisor, dataIndex: 'volumetricDivisor', width: 90, render: (v: number) => v || m.volumeNotCounted },
    {
      key: 'limits',
      title: m.weightLimits,
      width: 150,
      render: (_, a) => `${a.minWeightG ? grams(a.minWeightG) : m.noLimit} ~ ${a.maxWeightG ? grams(a.maxWeightG) : m.noLimit}`,
    },
    { key: 'side', title: m.longestSide, dataIndex: 'maxSideMm', width: 90, render: (v: number) => (v ? `${v} mm` : m.noLimit) },
    { key: 'fees', title: m.fuelHandling, width: 150, render: (_, a) => `${bpToPercent(a.fuelSurchargeBp)}% / ${money(a.handlingFee, a.currency)}` },
    {
      key: 'days',
      title: m.delivery,
      width: 90,
      render: (_, a) => (a.deliveryMinDays !== null && a.deliveryMaxDays !== null ? days(a.deliveryMinDays, a.deliveryMaxDays, m.dayUnit) : m.asTheChannel),
    },
    {
      key: 'status',
      title: m.status,
      dataIndex: 'status',
      width: 70,
      render: (s: string) => <StatusTag status={s} />,
    },
    {
      key: 'actions',
      title: m.actions,
      width: 130,
      fixed: 'right',
      render: (_, a) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(a)}>
            {m.edit}
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(a)}>
            {m.delete}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Space style={{ marginBottom: 16 }} wrap>
        <ChannelPicker value={channelId} onChange={setChannelId} />
        {channel.data && <span>{fill(m.pricingCurrency, { currency: channel.data.currency })}</span>}
        <Button type="primary" icon={<PlusOutlined />} disabled={!channelId} onClick={() => setEditing('new')}>
          {m.addRegion}
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
  const m = useLogisticsMessages();
  const statusOptions = useStatusOptions();
  const [form] = Form.useForm<AreaForm>();
  const countries = useCountryOptions();
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
  const saveForm = useFormSave();
  const submit = () =>
    saveForm(
      form,
      (v) => save.mutateAsync({ ...v, channelId, id: area?.id, deliveryMinDays: v.deliveryMinDays ?? null, deliveryMaxDays: v.deliveryMaxDays ?? null }),
      onClose,
    );
  const int = (name: keyof typeof areaShape & keyof AreaForm, label: string, unit?: string) => (
    <Form.Item name={name} label={label} rules={[zodRule(areaShape[name])]}>
      <NumberInput unit={unit} style={{ width: 130 }} />
    </Form.Item>
  );
  return (
    <Modal open title={area ? m.editRegion : m.addRegion} onOk={submit} onCancel={onClose} confirmLoading={save.isPending} destroyOnHidden width={720}>
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="name" label={m.areaName} rules={[{ required: true, message: m.required }]}>
          <Input />
        </Form.Item>
        <Form.Item name="countries" label={m.countryFilter} rules={[{ required: true, type: 'array', min: 1, message: m.chooseAtLeastOne }]}>
          <Select mode="multiple" showSearch optionFilterProp="label" options={countries.options} />
        </Form.Item>
        <Space wrap>
          {int('firstWeightG', m.firstWeight, 'g')}
          <Form.Item name="firstPrice" label={fill(m.firstPrice, { currency })} rules={[zodRule(areaShape.firstPrice)]}>
            <Input style={{ width: 130 }} />
          </Form.Item>
          {int('continuedWeightG', m.additionalWeightStep, 'g')}
          <Form.Item name="continuedPrice" label={fill(m.continuedPrice, { currency })} rules={[zodRule(areaShape.continuedPrice)]}>
            <Input style={{ width: 130 }} />
          </Form.Item>
        </Space>
        <Space wrap>
          {int('volumetricDivisor', m.volumeDivisor0Not)}
          {int('minWeightG', m.minimumWeight, 'g')}
          {int('maxWeightG', m.maximumWeight0No, 'g')}
          {int('maxSideMm', m.longestSide0No, 'mm')}
        </Space>
        <Space wrap>
          <Form.Item name="fuelSurchargePercent" label={m.fuelSurcharge} rules={[zodRule(percentage)]}>
            <Input style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="handlingFee" label={fill(m.handlingFee, { currency })} rules={[zodRule(decimal2)]}>
            <Input style={{ width: 130 }} />
          </Form.Item>
          {int('deliveryMinDays', m.minDays, m.dayUnit)}
          {int('deliveryMaxDays', m.maxDays, m.dayUnit)}
        </Space>
        <Space>
          {int('sort', m.sort)}
          <Form.Item name="status" label={m.status}>
            <Select style={{ width: 100 }} options={statusOptions} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
