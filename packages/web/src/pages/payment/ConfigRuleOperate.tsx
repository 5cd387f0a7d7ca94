import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { App, Button, Card, Form, Input, List, Radio, Select, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { decimal2 } from '@waystation/shared/rules';
import { PaymentProvider, PaymentScenario } from '@waystation/shared/vocab/config-content';
import { minorToDecimal } from '@waystation/shared/contract/reference';
import { PaymentRuleSaveBody } from '@waystation/shared/contract/payment';
import { showFieldErrors, zodRule } from '../../components/zodRule';
import { useRule, useRuleOptions, useSaveRule } from './api';
import { useCurrencyOptions } from '../reference/selectors';
import { NumberInput } from '../../components/NumberInput';
import { usePaymentMessages } from './messages';
import { vocabOptions } from '../../components/list/vocabOptions';
import { fill, useLang } from '../../i18n';
import { useStatusOptions } from '../../components/list/status';

/** The channels of a rule in the order members see them: add, move up/down, remove. */
function OrderedChannels({
  value = [],
  onChange,
  options,
}: {
  value?: number[];
  onChange?: (v: number[]) => void;
  options: { id: number; name: string; providerType: string; status: string }[];
}) {
  const m = usePaymentMessages();
  const lang = useLang((s) => s.lang);
  const move = (i: number, d: number) => {
    const next = [...value];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    onChange?.(next);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        placeholder={m.addAPaymentChannel}
        value={null as unknown as number}
        style={{ width: 300 }}
        aria-label={m.addAPaymentChannel}
        options={options
          .filter((o) => !value.includes(o.id))
          .map((o) => ({ value: o.id, label: `${o.name}（${PaymentProvider.label(o.providerType, lang)}）${o.status !== 'activity' ? m.disabled2 : ''}` }))}
        onChange={(id: number) => onChange?.([...value, id])}
      />
      <List
        size="small"
        bordered
        dataSource={value}
        locale={{ emptyText: m.noChannelChosenYet }}
        renderItem={(id, i) => (
          <List.Item
            actions={[
              <Button key="u" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} aria-label={m.moveUp} />,
              <Button key="d" size="small" icon={<ArrowDownOutlined />} disabled={i === value.length - 1} onClick={() => move(i, 1)} aria-label={m.moveDown} />,
              <Button key="x" size="small" danger icon={<DeleteOutlined />} onClick={() => onChange?.(value.filter((v) => v !== id))} aria-label={m.remove} />,
            ]}
          >
            {i + 1}. {options.find((o) => o.id === id)?.name ?? `#${id}`}
          </List.Item>
        )}
      />
    </Space>
  );
}

/** Creates (no ?id=) or edits a payment rule: scenario, agents, levels, amount range, ordered channels, priority. */
export default function ConfigRuleOperate() {
  const m = usePaymentMessages();
  const statusOptions = useStatusOptions();
  const lang = useLang((s) => s.lang);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const rule = useRule(id);
  const options = useRuleOptions();
  const currencies = useCurrencyOptions();
  const save = useSaveRule();
  const [form] = Form.useForm<PaymentRuleSaveBody>();
  const currency = Form.useWatch('currency', form) ?? '';
  useEffect(() => {
    if (rule.data) form.setFieldsValue({ ...rule.data, minAmount: minorToDecimal(rule.data.minAmount), maxAmount: minorToDecimal(rule.data.maxAmount) });
  }, [rule.data, form]);
  const submit = async (v: PaymentRuleSaveBody) => {
    try {
      await save.mutateAsync({ ...v, id: id || undefined });
      message.success(m.done);
      navigate('/paymentManage/configRule');
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  return (
    <Card title={id ? m.editPaymentRule : m.addPaymentRule} loading={id > 0 && rule.isLoading}>
      <Form<PaymentRuleSaveBody>
        form={form}
        layout="vertical"
        onFinish={submit}
        style={{ maxWidth: 760 }}
        initialValues={{
          scenario: 'recharge',
          currency: 'USD',
          minAmount: '0',
          maxAmount: '0',
          agentIds: [],
          levelIds: [],
          channelIds: [],
          priority: 0,
          status: 'activity',
        }}
      >
        <Space align="start" wrap>
          <Form.Item name="name" label={m.ruleName} rules={[{ required: true, message: m.enterTheRuleName }]}>
            <Input style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="scenario" label={m.paymentScenario}>
            <Select style={{ width: 140 }} options={vocabOptions(PaymentScenario, lang)} />
          </Form.Item>
          <Form.Item name="priority" label={m.priorityLowerMatchesFirst} rules={[zodRule(PaymentRuleSaveBody.shape.priority)]}>
            <NumberInput style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <Form.Item name="agentIds" label={m.agentsNoneAll}>
          <Select mode="multiple" options={options.data?.agents.map((a) => ({ value: a.id, label: a.name }))} />
        </Form.Item>
        <Form.Item name="levelIds" label={m.memberLevelsNoneAll}>
          <Select mode="multiple" options={options.data?.levels.map((l) => ({ value: l.id, label: l.name }))} />
        </Form.Item>
        <Space align="start" wrap>
          <Form.Item name="currency" label={m.currencies}>
            <Select style={{ width: 140 }} options={currencies.options} />
          </Form.Item>
          <Form.Item name="minAmount" label={fill(m.minAmount, { currency })} rules={[zodRule(decimal2)]}>
            <Input style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="maxAmount" label={fill(m.maxAmount, { currency })} rules={[zodRule(decimal2)]}>
            <Input style={{ width: 170 }} />
          </Form.Item>
        </Space>
        <Form.Item name="channelIds" label={m.paymentChannelsInDisplay} rules={[{ required: true, type: 'array', min: 1, message: m.chooseAtLeastOne }]}>
          <OrderedChannels options={options.data?.channels ?? []} />
        </Form.Item>
        <Form.Item name="status" label={m.status}>
          <Radio.Group options={statusOptions} />
        </Form.Item>
        <Form.Item name="remark" label={m.note}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {m.save}
          </Button>
          <Button onClick={() => navigate('/paymentManage/configRule')}>{m.back}</Button>
        </Space>
      </Form>
    </Card>
  );
}
