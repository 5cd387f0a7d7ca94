import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Param, ParamAddBody } from '@waystation/shared/contract/reference';
import { formatTime } from '../../utils/time';
import { useListQuery } from '../../components/useListQuery';
import { useFormFromQuery } from '../../components/useFormFromQuery';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterBar } from '../../components/list/FilterBar';
import { ListTable } from '../../components/list/ListTable';
import { showFieldErrors, validValues } from '../../components/zodRule';
import { useAddParam, useEditParam, useParamStatus, useParams } from './api';

/** System parameters: key/value pairs with name, remark and status. */
export default function ParamList() {
  const { modal, message } = App.useApp();
  const { query, page, limit, setFilters, setPage } = useListQuery();
  const [form] = Form.useForm();
  const filters = { keyword: query.keyword, status: query.status as 'activity' | 'disabled' | undefined };
  const list = useParams({ page, limit, ...filters, sort: query.sort as 'id' | undefined, order: query.order as 'asc' | 'desc' | undefined });
  const status = useParamStatus();
  const [editing, setEditing] = useState<Param | 'new' | null>(null);
  useFormFromQuery(form, filters);
  const toggle = (p: Param) => {
    const next = p.status === 'activity' ? 'disabled' : 'activity';
    modal.confirm({
      title: '确认',
      content: `确定要${next === 'activity' ? '启用' : '禁用'}参数「${p.paramKey}」吗？`,
      okButtonProps: { danger: next === 'disabled' },
      onOk: async () => {
        await status.mutateAsync({ id: p.id, status: next });
        message.success('操作成功');
      },
    });
  };
  const columns: ResizableColumn<Param>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'paramKey', title: '参数键', dataIndex: 'paramKey', width: 200 },
    { key: 'name', title: '参数名称', dataIndex: 'name', width: 200 },
    { key: 'paramValue', title: '参数值', dataIndex: 'paramValue', width: 200, ellipsis: true },
    { key: 'remark', title: '备注', dataIndex: 'remark', width: 160 },
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
      width: 140,
      fixed: 'right',
      render: (_, p) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(p)}>
            编辑
          </Button>
          <Button type="link" size="small" danger={p.status === 'activity'} onClick={() => toggle(p)}>
            {p.status === 'activity' ? '禁用' : '启用'}
          </Button>
        </Space>
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
            新增参数
          </Button>
        }
      >
        <Form.Item name="keyword" label="关键字">
          <Input allowClear placeholder="参数键/名称" />
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
      <ListTable<Param>
        columns={columns}
        rows={list.data?.list}
        total={list.data?.total}
        loading={list.isFetching}
        page={page}
        limit={limit}
        onPage={setPage}
      />
      {editing && <ParamModal param={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function ParamModal({ param, onClose }: { param: Param | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ParamAddBody>();
  const add = useAddParam();
  const edit = useEditParam();
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    try {
      if (param) await edit.mutateAsync({ id: param.id, paramKey: v.paramKey, paramValue: v.paramValue ?? '', name: v.name, remark: v.remark });
      else await add.mutateAsync({ ...v, paramValue: v.paramValue ?? '' });
      message.success('操作成功');
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  return (
    <Modal open title={param ? '编辑参数' : '新增参数'} onOk={submit} onCancel={onClose} confirmLoading={add.isPending || edit.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={param ?? { status: 'activity' }}>
        <Form.Item name="paramKey" label="参数键" rules={[{ required: true, message: '请输入' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="name" label="参数名称" rules={[{ required: true, message: '请输入参数名称' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="paramValue" label="参数值">
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input />
        </Form.Item>
        {!param && (
          <Form.Item name="status" label="状态">
            <Select
              options={[
                { value: 'activity', label: '启用' },
                { value: 'disabled', label: '禁用' },
              ]}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
