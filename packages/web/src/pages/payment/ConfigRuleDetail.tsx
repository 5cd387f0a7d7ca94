import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { PaymentScenario } from '@waystation/shared/vocab/config-content';
import { minorToDecimal } from '@waystation/shared/contract/reference';
import { formatTime } from '../../utils/time';
import { useRule, useRuleOptions } from './api';
import { RulePreview } from './RulePreview';
import { usePaymentMessages } from './messages';
import { useLang } from '../../i18n';

/** One payment rule, read-only, with a preview set to its scenario and currency. */
export default function ConfigRuleDetail() {
  const m = usePaymentMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const rule = useRule(id);
  const options = useRuleOptions();
  const r = rule.data;
  const names = (ids: number[], from?: { id: number; name: string }[]) =>
    ids.length ? ids.map((x) => from?.find((o) => o.id === x)?.name ?? `#${x}`).join('、') : m.all;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={m.paymentRule}
        loading={rule.isLoading}
        extra={<Button onClick={() => navigate(`/paymentManage/config-rule-operate?id=${id}`)}>{m.edit}</Button>}
      >
        {r && (
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label={m.ruleName}>{r.name}</Descriptions.Item>
            <Descriptions.Item label={m.scenario}>{PaymentScenario.label(r.scenario, lang)}</Descriptions.Item>
            <Descriptions.Item label={m.agents}>{names(r.agentIds, options.data?.agents)}</Descriptions.Item>
            <Descriptions.Item label={m.memberLevels}>{names(r.levelIds, options.data?.levels)}</Descriptions.Item>
            <Descriptions.Item label={m.amountRange}>
              {minorToDecimal(r.minAmount)} ~ {r.maxAmount ? minorToDecimal(r.maxAmount) : m.noLimit} {r.currency}
            </Descriptions.Item>
            <Descriptions.Item label={m.priority}>{r.priority}</Descriptions.Item>
            <Descriptions.Item label={m.paymentChannels} span={2}>
              {r.channelNames.map((n, i) => (
                <Tag key={i}>
                  {i + 1}. {n}
                </Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={m.status}>{r.status === 'activity' ? m.enabled : m.disabled}</Descriptions.Item>
            <Descriptions.Item label={m.updated}>{formatTime(r.modifyTime)}</Descriptions.Item>
            <Descriptions.Item label={m.note} span={2}>
              {r.remark}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      {r && <RulePreview initial={{ scenario: r.scenario, currency: r.currency }} />}
    </Space>
  );
}
