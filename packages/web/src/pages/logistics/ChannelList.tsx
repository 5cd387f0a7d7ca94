import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ConfigStatus, ItemAttr } from '@waystation/shared/vocab/config-content';
import type { ShipChannel, ChannelSaveBody } from '@waystation/shared/contract/logistics';
import { formatTime } from '../../utils/time';
import { useListQuery } from '../../components/useListQuery';
import { useFormFromQuery } from '../../components/useFormFromQuery';
import { ResizableTable, type ResizableColumn } from '../../components/ResizableTable';
import { showFieldErrors, validValues } from '../../components/zodRule';
import { useChannelList, useCountries, useModifyChannelStatus, useSaveChannel, useShipInit } from './api';
import { days } from './format';

const BASE = '/logisticsChannelsManage';

/** Ship channels: filters in the URL, create/edit, enable/disable after confirmation, links to zones, attributes and provinces. */
export default function ChannelList() {
  const { modal, message } = App.useApp();
  const { query, page, limit, setFilters, setPage } = useListQuery();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<ShipChannel | 'new' | null>(null);
  const filters = { keyword: query.keyword, status: query.status as 'activity' | 'disabled' | undefined, countryCode: query.countryCode };
  const list = useChannelList({ page, limit, ...filters });
  const countries = useCountries();
  const status = useModifyChannelStatus();
  useFormFromQuery(form, filters);

  const toggle = (row: ShipChannel) => {
    const next = row.status === 'activity' ? 'disabled' : 'activity';
    modal.confirm({
      title: '确认',
      content: `确定要${next === 'activity' ? '启用' : '禁用'}渠道「${row.name}」吗？${next === 'disabled' ? '禁用后运费计算器和打包台不再提供该渠道。' : ''}`,
      okButtonProps: { danger: next === 'disabled' },
      onOk: async () => {
        await status.mutateAsync({ id: row.id, status: next });
        message.success('操作成功');
      },
    });
  };

  const columns: ResizableColumn<ShipChannel>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'code', title: '渠道代码', dataIndex: 'code', width: 120 },
    { key: 'name', title: '渠道名称', dataIndex: 'name', width: 180, render: (v, r) => <>{v}{r.nameEn && <div style={{ color: '#999' }}>{r.nameEn}</div>}</> },
    { key: 'forwarderName', title: '货代', dataIndex: 'forwarderName', width: 120 },
    { key: 'currency', title: '币种', dataIndex: 'currency', width: 70 },
    { key: 'delivery', title: '时效', width: 100, render: (_, r) => days(r.deliveryMinDays, r.deliveryMaxDays) },
    { key: 'areas', title: '区域/国家', width: 110, render: (_, r) => `${r.areaCount} / ${r.countryCount}` },
    { key: 'attrs', title: '可接受属性', width: 220, render: (_, r) => (r.allowedAttrs.length ? r.allowedAttrs.map((a) => <Tag key={a}>{ItemAttr.label(a)}</Tag>) : <span style={{ color: '#999' }}>仅普货</span>) },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 70 },
    { key: 'status', title: '状态', dataIndex: 'status', width: 80, render: (s: string) => <Tag color={s === 'activity' ? 'green' : 'orange'}>{ConfigStatus.label(s)}</Tag> },
    { key: 'modifyTime', title: '更新时间', dataIndex: 'modifyTime', width: 170, render: formatTime },
    {
      key: 'actions', title: '操作', width: 330, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing(r)}>编辑</Button>
          <Link to={`${BASE}/countryAreaConfig?channelId=${r.id}`}><Button type="link" size="small">国家区域</Button></Link>
          <Link to={`${BASE}/bindChannelAttr?channelId=${r.id}`}><Button type="link" size="small">渠道属性</Button></Link>
          <Button type="link" size="small" danger={r.status === 'activity'} onClick={() => toggle(r)}>{r.status === 'activity' ? '禁用' : '启用'}</Button>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Form form={form} layout="inline" className="list-filters" onFinish={(v) => setFilters(v)}>
        <Form.Item name="keyword" label="关键字"><Input allowClear placeholder="代码/名称" /></Form.Item>
        <Form.Item name="countryCode" label="国家">
          <Select allowClear showSearch optionFilterProp="label" style={{ width: 160 }} placeholder="全部" options={countries.data?.map((c) => ({ value: c.code, label: `${c.nameZh} ${c.code}` }))} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select allowClear style={{ width: 110 }} placeholder="全部" options={ConfigStatus.entries.map((e) => ({ value: e.value, label: e.zh }))} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">查询</Button>
            <Button onClick={() => { form.resetFields(); setFilters({}); }}>重置</Button>
            <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>新增渠道</Button>
            <Link to={`${BASE}/provinceConfig`}><Button>省份配置</Button></Link>
          </Space>
        </Form.Item>
      </Form>
      <ResizableTable<ShipChannel>
        rowKey="id" columns={columns} dataSource={list.data?.list} loading={list.isFetching} scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: limit, total: list.data?.total ?? 0, showSizeChanger: true, showTotal: (n) => `共 ${n} 条`, onChange: setPage }}
      />
      {editing && <ChannelEditModal channel={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function ChannelEditModal({ channel, onClose }: { channel: ShipChannel | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ChannelSaveBody>();
  const init = useShipInit();
  const save = useSaveChannel();
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    try {
      await save.mutateAsync({ ...v, id: channel?.id, forwarderId: v.forwarderId ?? null });
      message.success('操作成功');
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  return (
    <Modal open title={channel ? '编辑渠道' : '新增渠道'} onOk={submit} onCancel={onClose} confirmLoading={save.isPending} destroyOnHidden width={560}>
      <Form form={form} layout="vertical" initialValues={channel ?? { currency: 'CNY', status: 'activity', sort: 0, deliveryMinDays: 7, deliveryMaxDays: 15 }}>
        <Space.Compact block>
          <Form.Item name="code" label="渠道代码" rules={[{ required: true, message: '请输入' }]} style={{ flex: 1 }}><Input /></Form.Item>
          <Form.Item name="currency" label="计价币种" style={{ width: 140 }}>
            <Select options={init.data?.currencies.map((c) => ({ value: c.code, label: `${c.code} ${c.nameZh}` }))} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="name" label="渠道名称" rules={[{ required: true, message: '请输入' }]}><Input /></Form.Item>
        <Form.Item name="nameEn" label="英文名称"><Input /></Form.Item>
        <Form.Item name="forwarderId" label="货代"><Select allowClear options={init.data?.forwarders.map((f) => ({ value: f.id, label: f.name }))} /></Form.Item>
        <Space>
          <Form.Item name="deliveryMinDays" label="最短时效（天）" rules={[{ required: true, message: '请输入整数' }]}><InputNumber min={0} precision={0} /></Form.Item>
          <Form.Item name="deliveryMaxDays" label="最长时效（天）" rules={[{ required: true, message: '请输入整数' }]}><InputNumber min={0} precision={0} /></Form.Item>
          <Form.Item name="sort" label="排序"><InputNumber min={0} precision={0} /></Form.Item>
          <Form.Item name="status" label="状态"><Select style={{ width: 100 }} options={ConfigStatus.entries.map((e) => ({ value: e.value, label: e.zh }))} /></Form.Item>
        </Space>
        <Form.Item name="description" label="说明"><Input.TextArea rows={3} /></Form.Item>
      </Form>
    </Modal>
  );
}
