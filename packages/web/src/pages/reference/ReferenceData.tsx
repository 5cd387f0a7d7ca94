import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Form, Input, Select, Space, Tabs } from 'antd';
import { ResizableTable } from '../../components/ResizableTable';
import { CountrySaveBody, CurrencySaveBody, RegionSaveBody, rateText, type Country, type Currency, type Region } from '@waystation/shared/contract/reference';
import { formatTime } from '../../utils/time';
import { zodRule } from '../../components/zodRule';
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
import { useReferenceMessages } from './messages';
import { useRegionOptions } from './selectors';
import { useLang, useT } from '../../i18n';
import { useFormSave } from '../../components/list/useFormSave';
import { CrudTable } from '../../components/list/CrudTable';
import { StatusTag, useStatusOptions } from '../../components/list/status';

/** Reference data: currencies with exchange rates, regions, countries and grouped configuration data. The tab is in the URL. */
export default function ReferenceData() {
  const m = useReferenceMessages();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'currency';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k })}
        items={[
          { key: 'currency', label: m.currenciesAndRates, children: <Currencies /> },
          { key: 'region', label: m.region, children: <Regions /> },
          { key: 'country', label: m.country, children: <Countries /> },
          { key: 'configData', label: m.configurationData, children: <ConfigData /> },
        ]}
      />
    </Card>
  );
}

function Currencies() {
  const m = useReferenceMessages();
  const t = useT();
  const statusOptions = useStatusOptions();
  const list = useCurrencies();
  const save = useSaveCurrency();
  return (
    <CrudTable<Currency, CurrencySaveBody>
      rows={list.data}
      loading={list.isFetching}
      rowKey="code"
      resizable
      editable
      addLabel={m.addCurrency}
      title={(c) => (c === 'new' ? m.addCurrency : m.editCurrency)}
      okText={t('common.confirm')}
      blank={{ status: 'activity', minorDigits: 2, sort: 0 }}
      save={(v) => save.mutateAsync(v)}
      columns={[
        { key: 'code', title: m.code, dataIndex: 'code' },
        { key: 'nameZh', title: m.name, dataIndex: 'nameZh' },
        { key: 'symbol', title: m.symbol, dataIndex: 'symbol' },
        { key: 'rate', title: m.rate1UnitCny, dataIndex: 'rate' },
        { key: 'minorDigits', title: m.decimals, dataIndex: 'minorDigits' },
        { key: 'status', title: m.status, dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
        { key: 'modifyTime', title: m.updated, dataIndex: 'modifyTime', render: formatTime },
      ]}
    >
      {(editing) => (
        <>
          <Form.Item name="code" label={m.code} rules={[{ required: true, message: m.required }]}>
            <Input disabled={editing !== 'new'} />
          </Form.Item>
          <Space>
            <Form.Item name="nameZh" label={m.name} rules={[{ required: true, message: m.required }]}>
              <Input />
            </Form.Item>
            <Form.Item name="nameEn" label={m.englishName} rules={[{ required: true, message: m.required }]}>
              <Input />
            </Form.Item>
          </Space>
          <Space>
            <Form.Item name="rate" label={m.rate} rules={[{ required: true, message: m.required }, zodRule(rateText)]}>
              <Input aria-label={m.rate} />
            </Form.Item>
            <Form.Item name="symbol" label={m.symbol}>
              <Input style={{ width: 80 }} />
            </Form.Item>
            <Form.Item name="minorDigits" label={m.decimals} rules={[zodRule(CurrencySaveBody.shape.minorDigits)]}>
              <NumberInput style={{ width: 100 }} />
            </Form.Item>
          </Space>
          <Space>
            <Form.Item name="sort" label={m.sort} rules={[zodRule(CurrencySaveBody.shape.sort)]}>
              <NumberInput style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="status" label={m.status}>
              <Select style={{ width: 100 }} options={statusOptions} />
            </Form.Item>
          </Space>
        </>
      )}
    </CrudTable>
  );
}

function Regions() {
  const m = useReferenceMessages();
  const t = useT();
  const statusOptions = useStatusOptions();
  const list = useRegions();
  const save = useSaveRegion();
  return (
    <CrudTable<Region, RegionSaveBody>
      rows={list.data}
      loading={list.isFetching}
      resizable
      editable
      addLabel={m.addRegion}
      title={(r) => (r === 'new' ? m.addRegion : m.editRegion)}
      okText={t('common.confirm')}
      blank={{ status: 'activity', sort: 0 }}
      save={(v, r) => save.mutateAsync({ ...v, id: r?.id })}
      columns={[
        { key: 'code', title: m.code, dataIndex: 'code' },
        { key: 'nameZh', title: m.name, dataIndex: 'nameZh' },
        { key: 'nameEn', title: m.englishName, dataIndex: 'nameEn' },
        { key: 'sort', title: m.sort, dataIndex: 'sort' },
        { key: 'status', title: m.status, dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
      ]}
    >
      {() => (
        <>
          <Form.Item name="code" label={m.code} rules={[{ required: true, message: m.required }]}>
            <Input />
          </Form.Item>
          <Form.Item name="nameZh" label={m.name} rules={[{ required: true, message: m.required }]}>
            <Input />
          </Form.Item>
          <Form.Item name="nameEn" label={m.englishName} rules={[{ required: true, message: m.required }]}>
            <Input />
          </Form.Item>
          <Space>
            <Form.Item name="sort" label={m.sort} rules={[zodRule(RegionSaveBody.shape.sort)]}>
              <NumberInput style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="status" label={m.status}>
              <Select style={{ width: 100 }} options={statusOptions} />
            </Form.Item>
          </Space>
        </>
      )}
    </CrudTable>
  );
}

function Countries() {
  const m = useReferenceMessages();
  const t = useT();
  const statusOptions = useStatusOptions();
  const list = useCountryList();
  const regions = useRegions();
  const regionOptions = useRegionOptions();
  const lang = useLang((s) => s.lang);
  const save = useSaveCountry();
  const regionName = (id: number | null) => {
    const r = regions.data?.find((x) => x.id === id);
    return r ? (lang === 'en' && r.nameEn ? r.nameEn : r.nameZh) : '—';
  };
  return (
    <CrudTable<Country, CountrySaveBody>
      rows={list.data}
      loading={list.isFetching}
      rowKey="code"
      resizable
      pagination={{ pageSize: 50 }}
      editable
      addLabel={m.addCountry}
      title={(c) => (c === 'new' ? m.addCountry : m.editCountry)}
      okText={t('common.confirm')}
      blank={{ status: 'activity', sort: 0 }}
      save={(v) => save.mutateAsync({ ...v, regionId: v.regionId ?? null })}
      columns={[
        { key: 'code', title: m.code, dataIndex: 'code' },
        { key: 'nameZh', title: m.name, dataIndex: 'nameZh' },
        { key: 'nameEn', title: m.englishName, dataIndex: 'nameEn' },
        { key: 'region', title: m.region, dataIndex: 'regionId', render: regionName },
        { key: 'status', title: m.status, dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
      ]}
    >
      {(editing) => (
        <>
          <Form.Item name="code" label={m.countryCodeIso2} rules={[{ required: true, message: m.required }]}>
            <Input disabled={editing !== 'new'} />
          </Form.Item>
          <Form.Item name="nameZh" label={m.name} rules={[{ required: true, message: m.required }]}>
            <Input />
          </Form.Item>
          <Form.Item name="nameEn" label={m.englishName} rules={[{ required: true, message: m.required }]}>
            <Input />
          </Form.Item>
          <Form.Item name="regionId" label={m.region}>
            <Select allowClear options={regionOptions.options} />
          </Form.Item>
          <Space>
            <Form.Item name="sort" label={m.sort} rules={[zodRule(CountrySaveBody.shape.sort)]}>
              <NumberInput style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="status" label={m.status}>
              <Select style={{ width: 100 }} options={statusOptions} />
            </Form.Item>
          </Space>
        </>
      )}
    </CrudTable>
  );
}

/** Grouped configuration data: each value is JSON, edited as text and checked before saving. */
function ConfigData() {
  const m = useReferenceMessages();
  const saveForm = useFormSave();
  const groups = useConfigGroups();
  const [group, setGroup] = useState('');
  const data = useConfigGroup(group);
  const save = useSaveConfigData();
  const [form] = Form.useForm<{ groupKey: string; dataKey: string; value: string }>();
  const submit = () =>
    saveForm(
      form,
      async (v) => {
        await save.mutateAsync({ groupKey: v.groupKey, list: [{ dataKey: v.dataKey, value: JSON.parse(v.value) }] });
        return v.groupKey;
      },
      setGroup,
    );
  const json = {
    validator: (_: unknown, s: string) => {
      try {
        JSON.parse(s);
        return Promise.resolve();
      } catch {
        return Promise.reject(new Error(m.enterValidJson));
      }
    },
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <span>{m.group}</span>
        <Select
          style={{ width: 220 }}
          value={group || undefined}
          onChange={setGroup}
          placeholder={m.chooseAGroup}
          options={groups.data?.map((g) => ({ value: g.groupKey, label: `${g.groupKey} (${g.count})` }))}
        />
      </Space>
      <ResizableTable
        rowKey="dataKey"
        dataSource={data.data}
        loading={data.isFetching}
        pagination={false}
        columns={[
          { key: 'dataKey', title: m.dataKey, dataIndex: 'dataKey' },
          { key: 'value', title: m.value, dataIndex: 'value', render: (v: unknown) => <code>{JSON.stringify(v)}</code> },
          { key: 'modifyTime', title: m.updated, dataIndex: 'modifyTime', render: (v?: string) => formatTime(v ?? null) },
          {
            key: 'a',
            title: m.actions,
            render: (_, d) => (
              <Button
                type="link"
                size="small"
                onClick={() => form.setFieldsValue({ groupKey: group, dataKey: d.dataKey, value: JSON.stringify(d.value, null, 2) })}
              >
                {m.edit}
              </Button>
            ),
          },
        ]}
      />
      <Card size="small" title={m.saveConfigurationData}>
        <Form form={form} layout="vertical" style={{ maxWidth: 600 }}>
          <Space>
            <Form.Item name="groupKey" label={m.groupKey} rules={[{ required: true, message: m.required }]}>
              <Input />
            </Form.Item>
            <Form.Item name="dataKey" label={m.dataKey} rules={[{ required: true, message: m.required }]}>
              <Input />
            </Form.Item>
          </Space>
          <Form.Item name="value" label={m.valueJson} rules={[{ required: true, message: m.required }, json]}>
            <Input.TextArea rows={4} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
          <Button type="primary" onClick={submit} loading={save.isPending}>
            {m.save}
          </Button>
        </Form>
      </Card>
    </Space>
  );
}
