import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select, Space, Table, Tag } from 'antd';
import { positiveAmount } from '@waystation/shared/rules';
import { PaymentProvider, PaymentScenario } from '@waystation/shared/vocab/config-content';
import { minorToDecimal } from '@waystation/shared/contract/reference';
import type { PaymentPreviewBody, PaymentPreviewResult } from '@waystation/shared/contract/payment';
import { zodRule } from '../../components/zodRule';
import { previewPayment, useRuleOptions } from './api';
import { useCountryOptions } from '../logistics/selectors';
import { useCurrencyOptions } from '../reference/selectors';
import { usePaymentMessages } from './messages';
import { vocabOptions } from '../../components/list/vocabOptions';
import { fill, useLang } from '../../i18n';

/** "What does a member of level X on agent Y paying Z see": the matching rule and its channels with fees. */
export function RulePreview({ initial }: { initial?: Partial<PaymentPreviewBody> }) {
  const m = usePaymentMessages();
  const lang = useLang((s) => s.lang);
  const options = useRuleOptions();
  const countries = useCountryOptions();
  const currencies = useCurrencyOptions();
  const [result, setResult] = useState<PaymentPreviewResult | null>(null);
  const run = useMutation({ mutationFn: previewPayment, onSuccess: setResult });
  return (
    <Card title={m.rulePreview} size="small">
      <Form<PaymentPreviewBody>
        layout="inline"
        initialValues={{ scenario: 'recharge', currency: 'USD', ...initial }}
        onFinish={(v) => run.mutate({ ...v, agentId: v.agentId ?? null, levelId: v.levelId ?? null })}
        style={{ rowGap: 8 }}
      >
        <Form.Item name="scenario" label={m.scenario}>
          <Select style={{ width: 120 }} options={vocabOptions(PaymentScenario, lang)} />
        </Form.Item>
        <Form.Item name="agentId" label={m.agents}>
          <Select allowClear placeholder={m.noAgent} style={{ width: 150 }} options={options.data?.agents.map((a) => ({ value: a.id, label: a.name }))} />
        </Form.Item>
        <Form.Item name="levelId" label={m.memberLevels}>
          <Select allowClear placeholder={m.any} style={{ width: 130 }} options={options.data?.levels.map((l) => ({ value: l.id, label: l.name }))} />
        </Form.Item>
        <Form.Item name="amount" label={m.amount} rules={[zodRule(positiveAmount)]}>
          <Input style={{ width: 110 }} aria-label={m.previewAmount} />
        </Form.Item>
        <Form.Item name="currency" label={m.currencies}>
          <Select style={{ width: 100 }} options={currencies.options} />
        </Form.Item>
        <Form.Item name="countryCode" label={m.country}>
          <Select allowClear showSearch optionFilterProp="label" style={{ width: 130 }} options={countries.options} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={run.isPending}>
            {m.preview}
          </Button>
        </Form.Item>
      </Form>
      {result && (
        <div style={{ marginTop: 12 }} data-testid="payment-preview">
          {result.rule ? (
            <Alert type="info" showIcon message={fill(m.matchedRule, { name: result.rule.name })} />
          ) : (
            <Alert type="warning" showIcon message={m.noPaymentRuleMatches} />
          )}
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={result.channels}
            style={{ marginTop: 8 }}
            columns={[
              { key: 'i', title: m.order, render: (_, __, i) => i + 1 },
              { key: 'name', title: m.paymentChannels, dataIndex: 'name' },
              { key: 'providerType', title: m.type, dataIndex: 'providerType', render: (v: string) => PaymentProvider.label(v, lang) },
              { key: 'fee', title: m.fee, dataIndex: 'fee', render: (v: number) => `${minorToDecimal(v)} ${result.currency}` },
              { key: 'total', title: m.toPay, dataIndex: 'total', render: (v: number) => `${minorToDecimal(v)} ${result.currency}` },
            ]}
          />
          {result.excluded.length > 0 && (
            <Space wrap style={{ marginTop: 8 }}>
              {result.excluded.map((e) => (
                <Tag key={e.id} color="default">
                  {e.name}：{e.reason}
                </Tag>
              ))}
            </Space>
          )}
        </div>
      )}
    </Card>
  );
}
