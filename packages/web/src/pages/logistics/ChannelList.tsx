import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ConfigStatus, ItemAttr } from '@waystation/shared/vocab/config-content';
import { logisticsChannelPageListCall, ChannelSaveBody, type ShipChannel } from '@waystation/shared/contract/logistics';
import { decimalToMinor, minorToDecimal } from '@waystation/shared/contract/reference';
import { amountText } from '@waystation/shared/rules';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { NumberInput } from '../../components/NumberInput';
import { zodRule } from '../../components/zodRule';
import { fill, useLang, useT } from '../../i18n';
import { useChannelList, useModifyChannelStatus, useSaveChannel, useShipInit } from './api';
import { useCountryOptions } from './selectors';
import { useCurrencyOptions } from '../reference/selectors';
import { useLogisticsMessages } from './messages';
import { vocabOptions } from '../../components/list/vocabOptions';
import { StatusTag, StatusToggle } from '../../components/list/status';
import { useFormSave } from '../../components/list/useFormSave';

const BASE = '/logisticsChannelsManage';

/** Ship channels: filters in the URL, create/edit, enable/disable after confirmation, links to zones, attributes and provinces. */
export default function ChannelList() {
  const m = useLogisticsMessages();
  const lang = useLang((s) => s.lang);
  const list = useListPage((query) => ({
    keyword: query.keyword,
    status: query.status as 'activity' | 'disabled' | undefined,
    countryCode: query.countryCode,
  }));
  const [editing, setEditing] = useState<ShipChannel | 'new' | null>(null);
  const channels = useChannelList(list.params);
  const countries = useCountryOptions();
  const status = useModifyChannelStatus();

  const columns: ResizableColumn<ShipChannel>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'code', title: m.code, dataIndex: 'code', width: 120 },
    {
      key: 'name',
      title: m.name,
      dataIndex: 'name',
      width: 180,
      render: (v, r) => (
        <>
          {v}
          {r.nameEn && <div style={{ color: '#999' }}>{r.nameEn}</div>}
        </>
      ),
    },
    { key: 'forwarderName', title: m.forwarder, dataIndex: 'forwarderName', width: 120 },
    { key: 'currency', title: m.currencyShort, dataIndex: 'currency', width: 70 },
    {
      key: 'delivery',
      title: m.delivery,
      width: 100,
      render: (_, r) =>
        r.deliveryMinDays === r.deliveryMaxDays
          ? fill(m.days, { days: r.deliveryMinDays })
          : fill(m.dayRange, { min: r.deliveryMinDays, max: r.deliveryMaxDays }),
    },
    { key: 'areas', title: m.areas, width: 110, render: (_, r) => `${r.areaCount} / ${r.countryCount}` },
    {
      key: 'attrs',
      title: m.allowedAttrs,
      width: 220,
      render: (_, r) =>
        r.allowedAttrs.length ? (
          r.allowedAttrs.map((a) => <Tag key={a}>{ItemAttr.label(a, lang)}</Tag>)
        ) : (
          <span style={{ color: '#999' }}>{m.generalOnly}</span>
        ),
    },
    { key: 'sort', title: m.sort, dataIndex: 'sort', width: 70 },
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
      width: 330,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            {m.edit}
          </Button>
          <Link to={`${BASE}/countryAreaConfig?channelId=${r.id}`}>
            <Button type="link" size="small">
              {m.countryAreas}
            </Button>
          </Link>
          <Link to={`${BASE}/bindChannelAttr?channelId=${r.id}`}>
            <Button type="link" size="small">
              {m.channelAttrs}
            </Button>
          </Link>
          <StatusToggle
            status={r.status}
            labels={m}
            title={m.confirm}
            content={(_, next) => fill(next === 'activity' ? m.enableChannel : m.disableChannel, { name: r.name })}
            run={(next) => status.mutateAsync({ id: r.id, status: next })}
          />
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <ListPage<ShipChannel>
        list={list}
        result={channels}
        columns={columns}
        exportAs={{ call: logisticsChannelPageListCall, name: m.exportChannels }}
        toolbar={
          <>
            <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {m.createChannel}
            </Button>
            <Link to={`${BASE}/provinceConfig`}>
              <Button>{m.provinces}</Button>
            </Link>
          </>
        }
      >
        <Form.Item name="keyword" label={m.keyword}>
          <Input allowClear placeholder={m.keywordPlaceholder} />
        </Form.Item>
        <Form.Item name="countryCode" label={m.countryFilter}>
          <Select allowClear showSearch optionFilterProp="label" style={{ width: 160 }} placeholder={m.all} options={countries.options} />
        </Form.Item>
        <FilterSelect name="status" label={m.status} options={vocabOptions(ConfigStatus, lang)} />
      </ListPage>
      {editing && <ChannelEditModal channel={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

const shape = ChannelSaveBody.shape;

function ChannelEditModal({ channel, onClose }: { channel: ShipChannel | null; onClose: () => void }) {
  const m = useLogisticsMessages();
  const t = useT();
  const lang = useLang((s) => s.lang);
  const [form] = Form.useForm<ChannelSaveBody>();
  const init = useShipInit();
  const currencies = useCurrencyOptions();
  const save = useSaveChannel();
  const saveForm = useFormSave();
  // The limit is typed in the channel's currency with decimals and saved in minor units.
  const submit = () =>
    saveForm(
      form,
      (v) =>
        save.mutateAsync({
          ...v,
          id: channel?.id,
          forwarderId: v.forwarderId ?? null,
          customsMaxValue: decimalToMinor(String((v as { customsMaxText?: string }).customsMaxText || '0')),
          customsMaxText: undefined,
        } as ChannelSaveBody),
      onClose,
    );
  return (
    <Modal
      open
      title={channel ? m.editChannel : m.createChannel}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={560}
    >
      <Form
        form={form}
        name="channelEdit"
        layout="vertical"
        initialValues={
          channel
            ? { ...channel, customsMaxText: minorToDecimal(channel.customsMaxValue) }
            : { currency: 'CNY', status: 'activity', sort: 0, deliveryMinDays: 7, deliveryMaxDays: 15, customsMaxText: '0.00', customsForbiddenHs: [] }
        }
      >
        <Space.Compact block>
          <Form.Item name="code" label={m.code} rules={[zodRule(shape.code)]} style={{ flex: 1 }}>
            <Input />
          </Form.Item>
          <Form.Item name="currency" label={m.currency} style={{ width: 140 }}>
            <Select options={currencies.options} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="name" label={m.name} rules={[zodRule(shape.name)]}>
          <Input />
        </Form.Item>
        <Form.Item name="nameEn" label={m.nameEn} rules={[zodRule(shape.nameEn)]}>
          <Input />
        </Form.Item>
        <Form.Item name="forwarderId" label={m.forwarder}>
          <Select allowClear options={init.data?.forwarders.map((f) => ({ value: f.id, label: f.name }))} />
        </Form.Item>
        <Space>
          <Form.Item name="deliveryMinDays" label={m.minDays} rules={[zodRule(shape.deliveryMinDays)]}>
            <NumberInput unit={m.dayUnit} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="deliveryMaxDays" label={m.maxDays} rules={[zodRule(shape.deliveryMaxDays)]}>
            <NumberInput unit={m.dayUnit} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="sort" label={m.sort} rules={[zodRule(shape.sort)]}>
            <NumberInput style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="status" label={m.status}>
            <Select style={{ width: 100 }} options={vocabOptions(ConfigStatus, lang)} />
          </Form.Item>
        </Space>
        <Space>
          <Form.Item name="customsMaxText" label={m.customsMaxValue} extra={m.customsMaxHint} rules={[zodRule(amountText)]}>
            <Input inputMode="decimal" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="customsForbiddenHs" label={m.customsForbiddenHs} rules={[zodRule(shape.customsForbiddenHs)]}>
            <Select mode="tags" tokenSeparators={[',', ' ']} style={{ width: 300 }} open={false} />
          </Form.Item>
        </Space>
        <Form.Item name="description" label={m.description} rules={[zodRule(shape.description)]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
