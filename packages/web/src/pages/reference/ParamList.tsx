import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Param, ParamAddBody } from '@waystation/shared/contract/reference';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { useAddParam, useEditParam, useParamStatus, useParams } from './api';
import { useReferenceMessages } from './messages';
import { fill, useLang, type Lang } from '../../i18n';
import { ParamName, ParamRemark } from '@waystation/shared/vocab/config-content';
import { StatusTag, StatusToggle, useStatusOptions } from '../../components/list/status';
import { useFormSave } from '../../components/list/useFormSave';
import { paramPageListCall } from '@waystation/shared/contract/reference';
import { TrackingSettings } from './TrackingSettings';

/** A starting parameter's name or remark in the UI language, unless staff have changed it (then as typed). */
function paramText(v: { label(value: string, lang?: Lang): string }, key: string, stored: string | null | undefined, lang: Lang): string | null | undefined {
  return stored && stored === v.label(key, 'zh') ? v.label(key, lang) : stored;
}

/** System parameters: key/value pairs with name, remark and status. */
export default function ParamList() {
  const m = useReferenceMessages();
  const lang = useLang((s) => s.lang);
  const statusOptions = useStatusOptions();
  const list = useListPage((query) => ({ keyword: query.keyword, status: query.status as 'activity' | 'disabled' | undefined }));
  const { query } = list;
  const params = useParams({ ...list.params, sort: query.sort as 'id' | undefined, order: query.order as 'asc' | 'desc' | undefined });
  const status = useParamStatus();
  const [editing, setEditing] = useState<Param | 'new' | null>(null);
  const columns: ResizableColumn<Param>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'paramKey', title: m.parameterKey, dataIndex: 'paramKey', width: 200 },
    { key: 'name', title: m.parameterName, dataIndex: 'name', width: 200, render: (v: string, p) => paramText(ParamName, p.paramKey, v, lang) },
    { key: 'paramValue', title: m.paramValue, dataIndex: 'paramValue', width: 200, ellipsis: true },
    { key: 'remark', title: m.note, dataIndex: 'remark', width: 160, render: (v: string | null, p) => paramText(ParamRemark, p.paramKey, v, lang) },
    {
      key: 'status',
      title: m.status,
      dataIndex: 'status',
      width: 80,
      render: (s: string) => <StatusTag status={s} />,
    },
    { key: 'modifyTime', title: m.updated, dataIndex: 'modifyTime', width: 170, render: formatTime },
    {
      key: 'actions',
      title: m.actions,
      width: 140,
      fixed: 'right',
      render: (_, p) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(p)}>
            {m.edit}
          </Button>
          <StatusToggle
            status={p.status}
            labels={m}
            title={m.ok}
            content={(action) => fill(m.confirmStatus, { action, key: p.paramKey })}
            run={(next) => status.mutateAsync({ id: p.id, status: next })}
          />
        </Space>
      ),
    },
  ];
  return (
    <Card>
      <TrackingSettings />
      <ListPage<Param>
        list={list}
        result={params}
        columns={columns}
        exportAs={{ call: paramPageListCall, name: m.exportParams }}
        toolbar={
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {m.addParameter}
          </Button>
        }
      >
        <Form.Item name="keyword" label={m.keyword}>
          <Input allowClear placeholder={m.keyOrName} />
        </Form.Item>
        <FilterSelect name="status" label={m.status} options={statusOptions} />
      </ListPage>
      {editing && <ParamModal param={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function ParamModal({ param, onClose }: { param: Param | null; onClose: () => void }) {
  const m = useReferenceMessages();
  const statusOptions = useStatusOptions();
  const [form] = Form.useForm<ParamAddBody>();
  const add = useAddParam();
  const edit = useEditParam();
  const saveForm = useFormSave();
  const submit = () =>
    saveForm(
      form,
      async (v) => {
        if (param) await edit.mutateAsync({ id: param.id, paramKey: v.paramKey, paramValue: v.paramValue ?? '', name: v.name, remark: v.remark });
        else await add.mutateAsync({ ...v, paramValue: v.paramValue ?? '' });
      },
      onClose,
    );
  return (
    <Modal
      open
      title={param ? m.editParameter : m.addParameter}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={add.isPending || edit.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={param ?? { status: 'activity' }}>
        <Form.Item name="paramKey" label={m.parameterKey} rules={[{ required: true, message: m.required }]}>
          <Input />
        </Form.Item>
        <Form.Item name="name" label={m.parameterName} rules={[{ required: true, message: m.enterTheParameterName }]}>
          <Input />
        </Form.Item>
        <Form.Item name="paramValue" label={m.paramValue}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="remark" label={m.note}>
          <Input />
        </Form.Item>
        {!param && (
          <Form.Item name="status" label={m.status}>
            <Select options={statusOptions} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
