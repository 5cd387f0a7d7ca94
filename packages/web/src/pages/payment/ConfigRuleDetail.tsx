import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { PaymentScenario } from '@waystation/shared/vocab/config-content';
import { minorToDecimal } from '@waystation/shared/contract/reference';
import { formatTime } from '../../utils/time';
import { useRule, useRuleOptions } from './api';
import { RulePreview } from './RulePreview';

/** One payment rule, read-only, with a preview set to its scenario and currency. */
export default function ConfigRuleDetail() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const rule = useRule(id);
  const options = useRuleOptions();
  const r = rule.data;
  const names = (ids: number[], from?: { id: number; name: string }[]) =>
    ids.length ? ids.map((x) => from?.find((o) => o.id === x)?.name ?? `#${x}`).join('、') : '全部';
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="支付规则详情" loading={rule.isLoading} extra={<Button onClick={() => navigate(`/paymentManage/config-rule-operate?id=${id}`)}>编辑</Button>}>
        {r && (
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label="规则名称">{r.name}</Descriptions.Item>
            <Descriptions.Item label="场景">{PaymentScenario.label(r.scenario)}</Descriptions.Item>
            <Descriptions.Item label="代理">{names(r.agentIds, options.data?.agents)}</Descriptions.Item>
            <Descriptions.Item label="会员等级">{names(r.levelIds, options.data?.levels)}</Descriptions.Item>
            <Descriptions.Item label="金额范围">
              {minorToDecimal(r.minAmount)} ~ {r.maxAmount ? minorToDecimal(r.maxAmount) : '不限'} {r.currency}
            </Descriptions.Item>
            <Descriptions.Item label="优先级">{r.priority}</Descriptions.Item>
            <Descriptions.Item label="支付渠道" span={2}>
              {r.channelNames.map((n, i) => (
                <Tag key={i}>
                  {i + 1}. {n}
                </Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label="状态">{r.status === 'activity' ? '启用' : '禁用'}</Descriptions.Item>
            <Descriptions.Item label="更新时间">{formatTime(r.modifyTime)}</Descriptions.Item>
            <Descriptions.Item label="备注" span={2}>
              {r.remark}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      {r && <RulePreview initial={{ scenario: r.scenario, currency: r.currency }} />}
    </Space>
  );
}
