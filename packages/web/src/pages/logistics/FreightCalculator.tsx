import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Form, Select, Table, Tag } from 'antd';
import { FreightQuoteBody, type FreightQuote, type FreightQuoteResult } from '@waystation/shared/contract/logistics';
import { freightRefusalText } from '@waystation/shared/freight/refusal';
import { ItemAttr } from '@waystation/shared/vocab/config-content';
import { fill, useLang } from '../../i18n';
import { NumberInput } from '../../components/NumberInput';
import { zodRule } from '../../components/zodRule';
import { quoteFreight, useProvinces } from './api';
import { useCountryOptions } from './selectors';
import { grams, money } from './format';
import { useLogisticsMessages } from './messages';
import { vocabOptions } from '../../components/list/vocabOptions';
import { LiveText } from '../../components/LiveText';

type CalcForm = { countryCode: string; provinceCode?: string; weightG: number; lengthMm?: number; widthMm?: number; heightMm?: number; attrs: string[] };

const shape = FreightQuoteBody.shape;
const SIDES = [
  ['lengthMm', 'length'],
  ['widthMm', 'width'],
  ['heightMm', 'height'],
] as const;

/**
 * Freight calculator: country, weight (g), sides (mm) and attributes → every allowed channel, cheapest first, and why
 * others refuse. Grams and millimetres as at the packing station; what was typed is checked, never rounded.
 */
export default function FreightCalculator() {
  const m = useLogisticsMessages();
  const lang = useLang((s) => s.lang);
  const [form] = Form.useForm<CalcForm>();
  const countries = useCountryOptions();
  const country = Form.useWatch('countryCode', form);
  const provinces = useProvinces(country ?? '');
  const [result, setResult] = useState<FreightQuoteResult | null>(null);
  const quote = useMutation({ mutationFn: (b: FreightQuoteBody) => quoteFreight(b), onSuccess: setResult });
  const submit = (v: CalcForm) => {
    quote.mutate({
      countryCode: v.countryCode,
      provinceCode: v.provinceCode || undefined,
      weightG: v.weightG,
      lengthMm: v.lengthMm,
      widthMm: v.widthMm,
      heightMm: v.heightMm,
      attrs: v.attrs as FreightQuoteBody['attrs'],
    });
  };
  const dayText = (min: number, max: number) => (min === max ? fill(m.days, { days: min }) : fill(m.dayRange, { min, max }));
  return (
    <Card>
      <Form<CalcForm> form={form} layout="inline" onFinish={submit} initialValues={{ attrs: [] }} style={{ rowGap: 12 }}>
        <Form.Item name="countryCode" label={m.country} rules={[{ required: true, message: <LiveText of={useLogisticsMessages} k="countryRequired" /> }]}>
          <Select
            style={{ width: 180 }}
            showSearch
            optionFilterProp="label"
            aria-label={m.country}
            onChange={() => form.setFieldValue('provinceCode', undefined)}
            options={countries.options}
          />
        </Form.Item>
        {!!provinces.data?.length && (
          <Form.Item name="provinceCode" label={m.province}>
            <Select
              allowClear
              style={{ width: 160 }}
              options={provinces.data
                .filter((p) => p.status === 'activity')
                .map((p) => ({ value: p.code, label: lang === 'en' ? p.nameEn || p.nameZh : p.nameZh }))}
            />
          </Form.Item>
        )}
        <Form.Item name="weightG" label={m.weight} rules={[zodRule(shape.weightG)]}>
          <NumberInput unit="g" style={{ width: 140 }} />
        </Form.Item>
        {SIDES.map(([name, label]) => (
          <Form.Item key={name} name={name} label={m[label]} rules={[zodRule(shape[name])]}>
            <NumberInput unit="mm" style={{ width: 120 }} />
          </Form.Item>
        ))}
        <Form.Item name="attrs" label={m.attrs}>
          <Checkbox.Group options={vocabOptions(ItemAttr, lang)} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={quote.isPending}>
            {m.calculate}
          </Button>
        </Form.Item>
      </Form>
      {result && (
        <div style={{ marginTop: 24 }}>
          {result.list.length === 0 && <Alert type="warning" showIcon message={m.noChannel} style={{ marginBottom: 16 }} />}
          <Table<FreightQuote>
            rowKey="channelId"
            dataSource={result.list}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="freight-quotes"
            columns={[
              {
                key: 'channel',
                title: m.channel,
                render: (_, q, i) => (
                  <>
                    {q.channelName} {i === 0 && <Tag color="green">{m.cheapest}</Tag>}
                    <div style={{ color: '#999' }}>{q.areaName}</div>
                  </>
                ),
              },
              { key: 'total', title: m.freight, render: (_, q) => <b>{money(q.total, q.currency)}</b> },
              { key: 'cny', title: m.inCny, render: (_, q) => money(q.totalCny, 'CNY') },
              { key: 'days', title: m.delivery, render: (_, q) => dayText(q.deliveryMinDays, q.deliveryMaxDays) },
              {
                key: 'weight',
                title: m.chargeable,
                render: (_, q) => (
                  <>
                    {grams(q.chargeableWeightG)}
                    <div style={{ color: '#999' }}>{fill(m.actualVolumetric, { actual: grams(q.actualWeightG), volumetric: grams(q.volumetricWeightG) })}</div>
                  </>
                ),
              },
              {
                key: 'breakdown',
                title: m.breakdown,
                render: (_, q) => (
                  <span style={{ color: '#666' }}>
                    {fill(m.weightPrice, { steps: q.continuedSteps, price: money(q.weightPrice, q.currency) })}
                    {q.fuelSurcharge > 0 && fill(m.fuel, { fee: money(q.fuelSurcharge, q.currency) })}
                    {q.handlingFee > 0 && fill(m.handling, { fee: money(q.handlingFee, q.currency) })}
                    {q.attrSurcharge > 0 && fill(m.attrFee, { fee: money(q.attrSurcharge, q.currency) })}
                    {q.remoteFee > 0 && fill(m.remote, { fee: money(q.remoteFee, q.currency) })}
                  </span>
                ),
              },
            ]}
          />
          {result.refused.length > 0 && (
            <Card size="small" title={m.refused} style={{ marginTop: 16 }}>
              {result.refused.map((r) => (
                <div key={r.channelId}>
                  {r.channelName}：<span style={{ color: '#999' }}>{freightRefusalText(r, lang)}</span>
                </div>
              ))}
            </Card>
          )}
        </div>
      )}
    </Card>
  );
}
