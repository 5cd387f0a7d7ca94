import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { urlText } from '@waystation/shared/rules';
import type { Forwarder, ForwarderSaveBody } from '@waystation/shared/contract/logistics';
import { formatTime } from '../../utils/time';
import { useListQuery } from '../../components/useListQuery';
import { useFormFromQuery } from '../../components/useFormFromQuery';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterBar } from '../../components/list/FilterBar';
import { ListTable } from '../../components/list/ListTable';
import { showFieldErrors, validValues, zodRule } from '../../components/zodRule';
import { useForwarderList, useSaveForwarder } from './api';

/** Forwarders (the carriers behind ship channels). */
export default function ForwarderList() {
  const { query, page, limit, setFilters, setPage } = useListQuery();
  const [form] = Form.useForm();
  const filters = { keyword: query.keyword, status: query.status as 'activity' | 'disabled' | undefined };
  const list = useForwarderList({ page, limit, ...filters });
  const [editing, setEditing] = useState<Forwarder | 'new' | null>(null);
  useFormFromQuery(form, filters);
  const columns: ResizableColumn<Forwarder>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'code', title: '代码', dataIndex: 'code', width: 120 },
    { key: 'name', title: '名称', dataIndex: 'name', width: 160 },
    { key: 'contact', title: '联系人', width: 160, render: (_, f) => [f.contactName, f.phone].filter(Boolean).join(' ') },
    { key: 'website', title: '网站', dataIndex: 'website', width: 200 },
    { key: 'channelCount', title: '渠道数', dataIndex: 'channelCount', width: 80 },
    {
      key: 'status',
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: string) => <Tag color={s === 'activity' ? 'green' : 'orange'}>{s === 'activity' ? '启用' : '禁用'}</Tag>,
    },
    { key: 'modifyTime', title: '更新时间', dataIndex: 'modifyTime', width: 170, render: formatTime },
    {
      key: 'actions',
      title: '操作',
      width: 90,
      render: (_, f) => (
        <Button type="link" size="small" onClick={() => setEditing(f)}>
          编辑
        </Button>
      ),
    },
  ];
  return (
    <Card>
      <FilterBar
        form={form}
        onSearch={setFilters}
        extra={
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增货代
          </Button>
        }
      >
        <Form.Item name="keyword" label="关键字">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            style={{ width: 110 }}
            placeholder="全部"
            options={[
              { value: 'activity', label: '启用' },
              { value: 'disabled', label: '禁用' },
            ]}
          />
        </Form.Item>
      </FilterBar>
      <ListTable<Forwarder>
        columns={columns}
        rows={list.data?.list}
        total={list.data?.total}
        loading={list.isFetching}
        page={page}
        limit={limit}
        onPage={setPage}
      />
      {editing && <ForwarderModal forwarder={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function ForwarderModal({ forwarder, onClose }: { forwarder: Forwarder | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ForwarderSaveBody>();
  const save = useSaveForwarder();
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    try {
      await save.mutateAsync({ ...v, id: forwarder?.id });
      message.success('操作成功');
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  return (
    <Modal open title={forwarder ? '编辑货代' : '新增货代'} onOk={submit} onCancel={onClose} confirmLoading={save.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={forwarder ?? { status: 'activity' }}>
        <Form.Item name="code" label="代码" rules={[{ required: true, message: '请输入' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="name" label="名称" rules={[{ required: true, message: '请输入' }]}>
          <Input />
        </Form.Item>
        <Space>
          <Form.Item name="contactName" label="联系人">
            <Input />
          </Form.Item>
          <Form.Item name="phone" label="电话">
            <Input />
          </Form.Item>
        </Space>
        <Form.Item name="website" label="网站" rules={[zodRule(urlText.optional(), { emptyAsUndefined: true })]}>
          <Input />
        </Form.Item>
        <Form.Item name="trackingUrl" label="查询链接（{trackingNo} 替换为单号）">
          <Input />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            options={[
              { value: 'activity', label: '启用' },
              { value: 'disabled', label: '禁用' },
            ]}
          />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
