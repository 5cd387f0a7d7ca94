import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select, Space, Table, Tag } from 'antd';
import { positiveAmount } from '@waystation/shared/rules';
import { PaymentProvider, PaymentScenario } from '@waystation/shared/vocab/config-content';
import { minorToDecimal } from '@waystation/shared/contract/reference';
import type { PaymentPreviewBody, PaymentPreviewResult } from '@waystation/shared/contract/payment';
import { zodRule } from '../../components/zodRule';
import { previewPayment, useCountries, useRuleOptions } from './api';

/** "What does a member of level X on agent Y paying Z see": the matching rule and its channels with fees. */
export function RulePreview({ initial }: { initial?: Partial<PaymentPreviewBody> }) {
  const options = useRuleOptions();
  const countries = useCountries();
  const [result, setResult] = useState<PaymentPreviewResult | null>(null);
  const run = useMutation({ mutationFn: previewPayment, onSuccess: setResult });
  return (
    <Card title="规则预览" size="small">
      <Form<PaymentPreviewBody>
        layout="inline"
        initialValues={{ scenario: 'recharge', currency: 'USD', ...initial }}
        onFinish={(v) => run.mutate({ ...v, agentId: v.agentId ?? null, levelId: v.levelId ?? null })}
        style={{ rowGap: 8 }}
      >
        <Form.Item name="scenario" label="场景">
          <Select style={{ width: 120 }} options={PaymentScenario.entries.map((e) => ({ value: e.value, label: e.zh }))} />
        </Form.Item>
        <Form.Item name="agentId" label="代理">
          <Select allowClear placeholder="无代理" style={{ width: 150 }} options={options.data?.agents.map((a) => ({ value: a.id, label: a.name }))} />
        </Form.Item>
        <Form.Item name="levelId" label="会员等级">
          <Select allowClear placeholder="任意" style={{ width: 130 }} options={options.data?.levels.map((l) => ({ value: l.id, label: l.name }))} />
        </Form.Item>
        <Form.Item name="amount" label="金额" rules={[zodRule(positiveAmount)]}>
          <Input style={{ width: 110 }} aria-label="预览金额" />
        </Form.Item>
        <Form.Item name="currency" label="币种">
          <Select style={{ width: 100 }} options={options.data?.currencies.map((c) => ({ value: c.code, label: c.code }))} />
        </Form.Item>
        <Form.Item name="countryCode" label="国家">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 130 }}
            options={countries.data?.map((c) => ({ value: c.code, label: c.nameZh }))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={run.isPending}>
            预览
          </Button>
        </Form.Item>
      </Form>
      {result && (
        <div style={{ marginTop: 12 }} data-testid="payment-preview">
          {result.rule ? (
            <Alert type="info" showIcon message={`命中规则：${result.rule.name}`} />
          ) : (
            <Alert type="warning" showIcon message="没有匹配的支付规则，会员将看不到任何支付方式" />
          )}
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={result.channels}
            style={{ marginTop: 8 }}
            columns={[
              { key: 'i', title: '顺序', render: (_, __, i) => i + 1 },
              { key: 'name', title: '支付渠道', dataIndex: 'name' },
              { key: 'providerType', title: '类型', dataIndex: 'providerType', render: (v: string) => PaymentProvider.label(v) },
              { key: 'fee', title: '手续费', dataIndex: 'fee', render: (v: number) => `${minorToDecimal(v)} ${result.currency}` },
              { key: 'total', title: '应付', dataIndex: 'total', render: (v: number) => `${minorToDecimal(v)} ${result.currency}` },
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
