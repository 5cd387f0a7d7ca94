import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Col, Descriptions, Row, Space, Statistic, Tag } from 'antd';
import { AccountStatus } from '@waystation/shared/vocab/account';
import { withdrawalAccountText } from '@waystation/shared/contract/proxy';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { formatMoney } from '../../components/money';
import { useAgent } from './api';
import { DomainTable, ProfitTable } from './AgentConfigTables';
import { useProxyMessages } from './messages';
import { STATUS_COLOR } from './ProxyList';

/** proxy/ProxyDetail (/proxyManage/detail?id=): profile, sales and commission, domains, tiers, withdrawal account. */
export default function ProxyDetail() {
  const id = Number(useSearchParams()[0].get('id')) || 0;
  const m = useProxyMessages();
  const t = useT();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const agent = useAgent(id);
  const a = agent.data;
  if (!a) return <Card loading={agent.isLoading}>{agent.isError ? t('common.empty') : null}</Card>;
  const acc = a.withdrawalAccount;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card
        title={a.agentName}
        extra={
          <Space>
            <Button onClick={() => navigate(`/vipManage/list?agentId=${a.id}`)}>{m.viewMembers}</Button>
            <Button type="primary" onClick={() => navigate(`/proxyManage/manage?id=${a.id}`)}>
              {m.manage}
            </Button>
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label="ID">{a.id}</Descriptions.Item>
          <Descriptions.Item label={m.status}>
            <Tag color={STATUS_COLOR[a.status]}>{AccountStatus.label(a.status, lang)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={m.contactName}>{a.contactName}</Descriptions.Item>
          <Descriptions.Item label={m.email}>{a.email}</Descriptions.Item>
          <Descriptions.Item label={m.phone}>{a.phone}</Descriptions.Item>
          <Descriptions.Item label={m.rebate}>{a.rebate}</Descriptions.Item>
          <Descriptions.Item label={m.account}>{withdrawalAccountText(acc, lang) || m.notSet}</Descriptions.Item>
          <Descriptions.Item label={m.siteName}>{a.app.siteName}</Descriptions.Item>
          <Descriptions.Item label={t('common.createTime')}>{formatTime(a.createTime)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={m.sales}>
        <Row gutter={16}>
          <Col span={4}>
            <Statistic title={m.members} value={a.memberCount} />
          </Col>
          <Col span={4}>
            <Statistic title={m.orders} value={a.sales.orders} />
          </Col>
          <Col span={4}>
            <Statistic title={m.salesAmount} value={formatMoney(a.sales.amount, a.currency)} />
          </Col>
          <Col span={4}>
            <Statistic title={m.commissionEarned} value={formatMoney(a.sales.commissionEarned, a.currency)} />
          </Col>
          <Col span={4}>
            <Statistic title={m.withdrawn} value={formatMoney(a.sales.withdrawn, a.currency)} />
          </Col>
          <Col span={4}>
            <Statistic title={m.commission} value={formatMoney(a.commissionBalance, a.currency)} />
          </Col>
        </Row>
      </Card>
      <Card title={m.domains} size="small">
        <DomainTable agentId={a.id} editable={false} />
      </Card>
      <Card title={m.profit} size="small">
        <ProfitTable agentId={a.id} editable={false} />
      </Card>
    </Space>
  );
}
