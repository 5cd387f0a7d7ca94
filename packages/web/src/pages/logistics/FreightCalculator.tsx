import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Form, InputNumber, Select, Space, Table, Tag } from 'antd';
import type { FreightQuote, FreightQuoteBody, FreightQuoteResult } from '@waystation/shared/contract/logistics';
import { ItemAttr } from '@waystation/shared/vocab/config-content';
import { quoteFreight, useCountries, useProvinces } from './api';
import { days, grams, money } from './format';

type CalcForm = { countryCode: string; provinceCode?: string; weightG: number; lengthCm?: number; widthCm?: number; heightCm?: number; attrs: string[] };

/** Freight calculator: country, weight, dimensions and attributes → every allowed channel, cheapest first, and why others refuse. */
export default function FreightCalculator() {
  const [form] = Form.useForm<CalcForm>();
  const countries = useCountries();
  const country = Form.useWatch('countryCode', form);
  const provinces = useProvinces(country ?? '');
  const [result, setResult] = useState<FreightQuoteResult | null>(null);
  const quote = useMutation({ mutationFn: (b: FreightQuoteBody) => quoteFreight(b), onSuccess: setResult });
  const submit = (v: CalcForm) => {
    // The form takes centimetres like a tape measure; the API and the calculator work in millimetres.
    const mm = (cm?: number) => Math.round((cm ?? 0) * 10);
    quote.mutate({
      countryCode: v.countryCode, provinceCode: v.provinceCode || undefined, weightG: v.weightG, lengthMm: mm(v.lengthCm), widthMm: mm(v.widthCm), heightMm: mm(v.heightCm),
      attrs: v.attrs as FreightQuoteBody['attrs'],
    });
  };
  return (
    <Card>
      <Form<CalcForm> form={form} layout="inline" onFinish={submit} initialValues={{ attrs: [] }} style={{ rowGap: 12 }}>
        <Form.Item name="countryCode" label="目的国家" rules={[{ required: true, message: '请选择国家' }]}>
          <Select style={{ width: 180 }} showSearch optionFilterProp="label" aria-label="目的国家" onChange={() => form.setFieldValue('provinceCode', undefined)} options={countries.data?.map((c) => ({ value: c.code, label: `${c.nameZh} ${c.code}` }))} />
        </Form.Item>
        {!!provinces.data?.length && (
          <Form.Item name="provinceCode" label="省/州">
            <Select allowClear style={{ width: 160 }} options={provinces.data.filter((p) => p.status === 'activity').map((p) => ({ value: p.code, label: p.nameZh }))} />
          </Form.Item>
        )}
        <Form.Item name="weightG" label="重量（g）" rules={[{ required: true, message: '请输入正整数' }]}>
          <InputNumber min={1} precision={0} style={{ width: 120 }} aria-label="重量（g）" />
        </Form.Item>
        <Form.Item label="长×宽×高（cm）">
          <Space.Compact>
            <Form.Item name="lengthCm" noStyle><InputNumber min={0} precision={1} placeholder="长" aria-label="长（cm）" style={{ width: 80 }} /></Form.Item>
            <Form.Item name="widthCm" noStyle><InputNumber min={0} precision={1} placeholder="宽" aria-label="宽（cm）" style={{ width: 80 }} /></Form.Item>
            <Form.Item name="heightCm" noStyle><InputNumber min={0} precision={1} placeholder="高" aria-label="高（cm）" style={{ width: 80 }} /></Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="attrs" label="商品属性">
          <Checkbox.Group options={ItemAttr.entries.map((e) => ({ value: e.value, label: e.zh }))} />
        </Form.Item>
        <Form.Item><Button type="primary" htmlType="submit" loading={quote.isPending}>计算运费</Button></Form.Item>
      </Form>
      {result && (
        <div style={{ marginTop: 24 }}>
          {result.list.length === 0 && <Alert type="warning" showIcon message="没有可用的渠道" style={{ marginBottom: 16 }} />}
          <Table<FreightQuote>
            rowKey="channelId" dataSource={result.list} pagination={false} scroll={{ x: 'max-content' }} data-testid="freight-quotes"
            columns={[
              { key: 'channel', title: '渠道', render: (_, q, i) => <>{q.channelName} {i === 0 && <Tag color="green">最便宜</Tag>}<div style={{ color: '#999' }}>{q.areaName}</div></> },
              { key: 'total', title: '运费', render: (_, q) => <b>{money(q.total, q.currency)}</b> },
              { key: 'cny', title: '折合人民币', render: (_, q) => money(q.totalCny, 'CNY') },
              { key: 'days', title: '时效', render: (_, q) => days(q.deliveryMinDays, q.deliveryMaxDays) },
              { key: 'weight', title: '计费重量', render: (_, q) => <>{grams(q.chargeableWeightG)}<div style={{ color: '#999' }}>实重 {grams(q.actualWeightG)} / 体积重 {grams(q.volumetricWeightG)}</div></> },
              {
                key: 'breakdown', title: '明细',
                render: (_, q) => (
                  <span style={{ color: '#666' }}>
                    首重+续重×{q.continuedSteps} = {money(q.weightPrice, q.currency)}
                    {q.fuelSurcharge > 0 && `；燃油 ${money(q.fuelSurcharge, q.currency)}`}
                    {q.handlingFee > 0 && `；操作费 ${money(q.handlingFee, q.currency)}`}
                    {q.attrSurcharge > 0 && `；属性附加 ${money(q.attrSurcharge, q.currency)}`}
                    {q.remoteFee > 0 && `；偏远附加 ${money(q.remoteFee, q.currency)}`}
                  </span>
                ),
              },
            ]}
          />
          {result.refused.length > 0 && (
            <Card size="small" title="不可用的渠道" style={{ marginTop: 16 }}>
              {result.refused.map((r) => (
                <div key={r.channelId}>{r.channelName}：<span style={{ color: '#999' }}>{r.message}</span></div>
              ))}
            </Card>
          )}
        </div>
      )}
    </Card>
  );
}
