import { useSearchParams } from 'react-router';
import { Card, Form, Input, Select, Space } from 'antd';
import { decimal2 } from '@waystation/shared/rules';
import { minorToDecimal } from '@waystation/shared/contract/reference';
import { ProvinceSaveBody, type Province } from '@waystation/shared/contract/logistics';
import { zodRule } from '../../components/zodRule';
import { useProvinces, useSaveProvince } from './api';
import { useCountryOptions } from './selectors';
import { money } from './format';
import { NumberInput } from '../../components/NumberInput';
import { useLogisticsMessages } from './messages';
import { StatusTag, useStatusOptions } from '../../components/list/status';
import { CrudTable } from '../../components/list/CrudTable';

/** Provinces / states of a country with their remote-area fee. */
export default function ProvinceConfig() {
  const m = useLogisticsMessages();
  const [params, setParams] = useSearchParams();
  const countryCode = params.get('countryCode') ?? '';
  const countries = useCountryOptions();
  const list = useProvinces(countryCode);
  const save = useSaveProvince();
  return (
    <Card>
      <Space style={{ marginBottom: 16 }}>
        <span>{m.countryLabel}</span>
        <Select
          style={{ width: 200 }}
          showSearch
          optionFilterProp="label"
          aria-label={m.countryFilter}
          placeholder={m.countryRequired}
          value={countryCode || undefined}
          onChange={(v: string) => setParams({ countryCode: v })}
          options={countries.options}
        />
      </Space>
      <CrudTable<Province, ProvinceSaveBody>
        rows={list.data}
        loading={list.isFetching}
        editable={!!countryCode}
        addLabel={m.addProvince}
        title={(p) => (p === 'new' ? m.addProvince : m.editProvince)}
        blank={{ code: '', nameZh: '', nameEn: '', remoteFee: '0', status: 'activity', sort: 0 }}
        toForm={(p) => ({ ...p, remoteFee: minorToDecimal(p.remoteFee) })}
        save={(v, p) => save.mutateAsync({ ...v, id: p?.id, countryCode })}
        columns={[
          { key: 'code', title: m.code2, dataIndex: 'code' },
          { key: 'nameZh', title: m.name2, dataIndex: 'nameZh' },
          { key: 'nameEn', title: m.nameEn, dataIndex: 'nameEn' },
          { key: 'remoteFee', title: m.remoteAreaSurcharge, dataIndex: 'remoteFee', render: (v: number) => (v ? money(v, 'CNY') : '—') },
          { key: 'sort', title: m.sort, dataIndex: 'sort' },
          { key: 'status', title: m.status, dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
        ]}
      >
        {() => <ProvinceFields />}
      </CrudTable>
    </Card>
  );
}

/** The province dialog's fields (CrudTable's form). */
function ProvinceFields() {
  const m = useLogisticsMessages();
  const statusOptions = useStatusOptions();
  return (
    <>
      <Form.Item name="code" label={m.code2} rules={[{ required: true, message: m.required }]}>
        <Input />
      </Form.Item>
      <Form.Item name="nameZh" label={m.name2} rules={[{ required: true, message: m.required }]}>
        <Input />
      </Form.Item>
      <Form.Item name="nameEn" label={m.nameEn} rules={[{ required: true, message: m.required }]}>
        <Input />
      </Form.Item>
      <Form.Item name="remoteFee" label={m.remoteAreaSurchargeCny} rules={[zodRule(decimal2)]}>
        <Input />
      </Form.Item>
      <Space>
        <Form.Item name="sort" label={m.sort} rules={[zodRule(ProvinceSaveBody.shape.sort)]}>
          <NumberInput style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="status" label={m.status}>
          <Select style={{ width: 100 }} options={statusOptions} />
        </Form.Item>
      </Space>
    </>
  );
}
