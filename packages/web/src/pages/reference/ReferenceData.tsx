import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Card, Form, Input, Modal, Select, Space, Table, Tabs, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { CountrySaveBody, CurrencySaveBody, RegionSaveBody, rateText, type Country, type Currency, type Region } from '@waystation/shared/contract/reference';
import { formatTime } from '../../utils/time';
import { showFieldErrors, validValues, zodRule } from '../../components/zodRule';
import {
  useConfigGroup,
  useConfigGroups,
  useCountryList,
  useCurrencies,
  useRegions,
  useSaveConfigData,
  useSaveCountry,
  useSaveCurrency,
  useSaveRegion,
} from './api';
import { NumberInput } from '../../components/NumberInput';

const statusTag = (s: string) => <Tag color={s === 'activity' ? 'green' : 'orange'}>{s === 'activity' ? '启用' : '禁用'}</Tag>;
const statusOptions = [
  { value: 'activity', label: '启用' },
  { value: 'disabled', label: '禁用' },
];

/** Reference data: currencies with exchange rates, regions, countries and grouped configuration data. The tab is in the URL. */
export default function ReferenceData() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'currency';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k })}
        items={[
          { key: 'currency', label: '币种汇率', children: <Currencies /> },
          { key: 'region', label: '区域', children: <Regions /> },
          { key: 'country', label: '国家', children: <Countries /> },
          { key: 'configData', label: '配置数据', children: <ConfigData /> },
        ]}
      />
    </Card>
  );
}

function useEditor<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return { editing, open: setEditing, close: () => setEditing(null) };
}

function SimpleModal<T extends object>({
  title,
  initial,
  onSave,
  onClose,
  children,
}: {
  title: string;
  initial: Partial<T>;
  onSave: (v: T) => Promise<unknown>;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<T>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    setBusy(true);
    try {
      await onSave(v);
      message.success('操作成功');
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={title} onOk={submit} onCancel={onClose} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial}>
        {children}
      </Form>
    </Modal>
  );
}

function Currencies() {
  const list = useCurrencies();
  const save = useSaveCurrency();
  const ed = useEditor<Currency>();
  return (
    <>
      <Button icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => ed.open('new')}>
        新增币种
      </Button>
      <Table<Currency>
        rowKey="code"
        dataSource={list.data}
        loading={list.isFetching}
        pagination={false}
        columns={[
          { key: 'code', title: '代码', dataIndex: 'code' },
          { key: 'nameZh', title: '名称', dataIndex: 'nameZh' },
          { key: 'symbol', title: '符号', dataIndex: 'symbol' },
          { key: 'rate', title: '汇率（1单位=人民币）', dataIndex: 'rate' },
          { key: 'minorDigits', title: '小数位', dataIndex: 'minorDigits' },
          { key: 'status', title: '状态', dataIndex: 'status', render: statusTag },
          { key: 'modifyTime', title: '更新时间', dataIndex: 'modifyTime', render: formatTime },
          {
            key: 'a',
            title: '操作',
            render: (_, c) => (
              <Button type="link" size="small" onClick={() => ed.open(c)}>
                编辑
              </Button>
            ),
          },
        ]}
      />
      {ed.editing && (
        <SimpleModal
          title={ed.editing === 'new' ? '新增币种' : '编辑币种'}
          initial={ed.editing === 'new' ? { status: 'activity', minorDigits: 2, sort: 0 } : ed.editing}
          onClose={ed.close}
          onSave={(v) => save.mutateAsync(v as never)}
        >
          <Form.Item name="code" label="代码" rules={[{ required: true, message: '请输入' }]}>
            <Input disabled={ed.editing !== 'new'} />
          </Form.Item>
          <Space>
            <Form.Item name="nameZh" label="名称" rules={[{ required: true, message: '请输入' }]}>
              <Input />
            </Form.Item>
            <Form.Item name="nameEn" label="英文名称" rules={[{ required: true, message: '请输入' }]}>
              <Input />
            </Form.Item>
          </Space>
          <Space>
            <Form.Item name="rate" label="汇率" rules={[{ required: true, message: '请输入' }, zodRule(rateText)]}>
              <Input aria-label="汇率" />
            </Form.Item>
            <Form.Item name="symbol" label="符号">
              <Input style={{ width: 80 }} />
            </Form.Item>
            <Form.Item name="minorDigits" label="小数位" rules={[zodRule(CurrencySaveBody.shape.minorDigits)]}>
              <NumberInput style={{ width: 100 }} />
            </Form.Item>
          </Space>
          <Space>
            <Form.Item name="sort" label="排序" rules={[zodRule(CurrencySaveBody.shape.sort)]}>
              <NumberInput style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select style={{ width: 100 }} options={statusOptions} />
            </Form.Item>
          </Space>
        </SimpleModal>
      )}
    </>
  );
}

function Regions() {
  const list = useRegions();
  const save = useSaveRegion();
  const ed = useEditor<Region>();
  return (
    <>
      <Button icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => ed.open('new')}>
        新增区域
      </Button>
      <Table<Region>
        rowKey="id"
        dataSource={list.data}
        loading={list.isFetching}
        pagination={false}
        columns={[
          { key: 'code', title: '代码', dataIndex: 'code' },
          { key: 'nameZh', title: '名称', dataIndex: 'nameZh' },
          { key: 'nameEn', title: '英文名称', dataIndex: 'nameEn' },
          { key: 'sort', title: '排序', dataIndex: 'sort' },
          { key: 'status', title: '状态', dataIndex: 'status', render: statusTag },
          {
            key: 'a',
            title: '操作',
            render: (_, r) => (
              <Button type="link" size="small" onClick={() => ed.open(r)}>
                编辑
              </Button>
            ),
          },
        ]}
      />
      {ed.editing && (
        <SimpleModal
          title={ed.editing === 'new' ? '新增区域' : '编辑区域'}
          initial={ed.editing === 'new' ? { status: 'activity', sort: 0 } : ed.editing}
          onClose={ed.close}
          onSave={(v) => save.mutateAsync({ ...(v as object), id: ed.editing === 'new' ? undefined : (ed.editing as Region).id } as never)}
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
          <Space>
            <Form.Item name="sort" label="排序" rules={[zodRule(RegionSaveBody.shape.sort)]}>
              <NumberInput style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select style={{ width: 100 }} options={statusOptions} />
            </Form.Item>
          </Space>
        </SimpleModal>
      )}
    </>
  );
}

function Countries() {
  const list = useCountryList();
  const regions = useRegions();
  const save = useSaveCountry();
  const ed = useEditor<Country>();
  const regionName = (id: number | null) => regions.data?.find((r) => r.id === id)?.nameZh ?? '—';
  return (
    <>
      <Button icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => ed.open('new')}>
        新增国家
      </Button>
      <Table<Country>
        rowKey="code"
        dataSource={list.data}
        loading={list.isFetching}
        pagination={{ pageSize: 50 }}
        columns={[
          { key: 'code', title: '代码', dataIndex: 'code' },
          { key: 'nameZh', title: '名称', dataIndex: 'nameZh' },
          { key: 'nameEn', title: '英文名称', dataIndex: 'nameEn' },
          { key: 'region', title: '区域', dataIndex: 'regionId', render: regionName },
          { key: 'status', title: '状态', dataIndex: 'status', render: statusTag },
          {
            key: 'a',
            title: '操作',
            render: (_, c) => (
              <Button type="link" size="small" onClick={() => ed.open(c)}>
                编辑
              </Button>
            ),
          },
        ]}
      />
      {ed.editing && (
        <SimpleModal
          title={ed.editing === 'new' ? '新增国家' : '编辑国家'}
          initial={ed.editing === 'new' ? { status: 'activity', sort: 0 } : ed.editing}
          onClose={ed.close}
          onSave={(v) => save.mutateAsync({ ...(v as object), regionId: (v as Country).regionId ?? null } as never)}
        >
          <Form.Item name="code" label="国家代码（ISO 两位）" rules={[{ required: true, message: '请输入' }]}>
            <Input disabled={ed.editing !== 'new'} />
          </Form.Item>
          <Form.Item name="nameZh" label="名称" rules={[{ required: true, message: '请输入' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="nameEn" label="英文名称" rules={[{ required: true, message: '请输入' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="regionId" label="区域">
            <Select allowClear options={regions.data?.map((r) => ({ value: r.id, label: r.nameZh }))} />
          </Form.Item>
          <Space>
            <Form.Item name="sort" label="排序" rules={[zodRule(CountrySaveBody.shape.sort)]}>
              <NumberInput style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select style={{ width: 100 }} options={statusOptions} />
            </Form.Item>
          </Space>
        </SimpleModal>
      )}
    </>
  );
}

/** Grouped configuration data: each value is JSON, edited as text and checked before saving. */
function ConfigData() {
  const { message } = App.useApp();
  const groups = useConfigGroups();
  const [group, setGroup] = useState('');
  const data = useConfigGroup(group);
  const save = useSaveConfigData();
  const [form] = Form.useForm<{ groupKey: string; dataKey: string; value: string }>();
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    await save.mutateAsync({ groupKey: v.groupKey, list: [{ dataKey: v.dataKey, value: JSON.parse(v.value) }] });
    message.success('操作成功');
    setGroup(v.groupKey);
  };
  const json = {
    validator: (_: unknown, s: string) => {
      try {
        JSON.parse(s);
        return Promise.resolve();
      } catch {
        return Promise.reject(new Error('请输入合法的 JSON'));
      }
    },
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <span>分组</span>
        <Select
          style={{ width: 220 }}
          value={group || undefined}
          onChange={setGroup}
          placeholder="请选择分组"
          options={groups.data?.map((g) => ({ value: g.groupKey, label: `${g.groupKey} (${g.count})` }))}
        />
      </Space>
      <Table
        rowKey="dataKey"
        dataSource={data.data}
        loading={data.isFetching}
        pagination={false}
        columns={[
          { key: 'dataKey', title: '数据键', dataIndex: 'dataKey' },
          { key: 'value', title: '值', dataIndex: 'value', render: (v: unknown) => <code>{JSON.stringify(v)}</code> },
          { key: 'modifyTime', title: '更新时间', dataIndex: 'modifyTime', render: (v?: string) => formatTime(v ?? null) },
          {
            key: 'a',
            title: '操作',
            render: (_, d) => (
              <Button
                type="link"
                size="small"
                onClick={() => form.setFieldsValue({ groupKey: group, dataKey: d.dataKey, value: JSON.stringify(d.value, null, 2) })}
              >
                编辑
              </Button>
            ),
          },
        ]}
      />
      <Card size="small" title="保存配置数据">
        <Form form={form} layout="vertical" style={{ maxWidth: 600 }}>
          <Space>
            <Form.Item name="groupKey" label="分组键" rules={[{ required: true, message: '请输入' }]}>
              <Input />
            </Form.Item>
            <Form.Item name="dataKey" label="数据键" rules={[{ required: true, message: '请输入' }]}>
              <Input />
            </Form.Item>
          </Space>
          <Form.Item name="value" label="值（JSON）" rules={[{ required: true, message: '请输入' }, json]}>
            <Input.TextArea rows={4} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <Button type="primary" onClick={submit} loading={save.isPending}>
            保存
          </Button>
        </Form>
      </Card>
    </Space>
  );
}
