import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Form, Input, Select, Tag } from 'antd';
import { fromMinor } from '@waystation/shared/contract/ledger';
import type { MainDomain, ProfitConf, SaveMainDomainBody, SaveProfitConfBody } from '@waystation/shared/contract/proxy';
import { decimal2, percentage } from '@waystation/shared/rules/index';
import { AccountStatus } from '@waystation/shared/vocab/account';
import { useLang } from '../../i18n';
import { zodRule } from '../../components/zodRule';
import { formatMoney } from '../../components/money';
import { fetchDomains, fetchProfitConfs, proxyKeys, saveDomain, saveProfitConf, useAgentSearch } from './api';
import { useProxyMessages } from './messages';
import { STATUS_COLOR } from './ProxyList';
import { CrudTable } from '../../components/list/CrudTable';

const statusOptions = (lang: 'zh' | 'en') => (['activity', 'disabled'] as const).map((s) => ({ value: s, label: AccountStatus.label(s, lang) }));

/**
 * Main domains (pageMainDomainList / saveMainDomain): one agent's on the agent pages, or every one (the agent terminal's
 * 我的域名 page, agentId undefined) with the agent column and an agent picker. One table, one validated list.
 */
export function DomainTable({ agentId, editable }: { agentId?: number; editable: boolean }) {
  const m = useProxyMessages();
  const lang = useLang((s) => s.lang);
  const qc = useQueryClient();
  const everyAgent = agentId === undefined;
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const agentsFound = useAgentSearch(keyword);
  const q = everyAgent ? { page, limit: 20 } : { page: 1, limit: 100, agentId };
  const list = useQuery({ queryKey: proxyKeys.domains(q), queryFn: () => fetchDomains(q) });
  const save = useMutation({ mutationFn: saveDomain, onSuccess: () => qc.invalidateQueries({ queryKey: proxyKeys.all }) });
  return (
    <CrudTable<MainDomain, SaveMainDomainBody>
      rows={list.data?.list}
      loading={list.isFetching}
      pagination={everyAgent ? { current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage } : false}
      columns={[
        { key: 'domain', title: m.domain, dataIndex: 'domain' },
        ...(everyAgent ? [{ key: 'agent', title: m.agent, render: (_: unknown, r: MainDomain) => r.agentName || m.platformDefault }] : []),
        { key: 'status', title: m.status, dataIndex: 'status', render: (s: string) => <Tag color={STATUS_COLOR[s]}>{AccountStatus.label(s, lang)}</Tag> },
        { key: 'remark', title: m.remark, dataIndex: 'remark' },
      ]}
      editable={editable}
      addLabel={m.addDomain}
      blank={{ domain: '', status: 'activity', remark: '' }}
      title={m.domain}
      save={(v, editing) => save.mutateAsync({ ...v, agentId: everyAgent ? (v.agentId ?? null) : agentId, id: editing?.id })}
    >
      {(editing) => (
        <>
          <Form.Item name="domain" label={m.domain} rules={[{ required: true, whitespace: true, message: m.domainRequired }]}>
            <Input placeholder="shop.example.com" />
          </Form.Item>
          {everyAgent && (
            <Form.Item name="agentId" label={m.agent}>
              <Select
                allowClear
                showSearch
                filterOption={false}
                onSearch={setKeyword}
                placeholder={m.platformDefault}
                options={[
                  ...(editing && editing !== 'new' && editing.agentId ? [{ value: editing.agentId, label: editing.agentName }] : []),
                  ...(agentsFound.data ?? [])
                    .filter((a) => editing === 'new' || !editing || a.id !== editing.agentId)
                    .map((a) => ({ value: a.id, label: a.agentName })),
                ]}
              />
            </Form.Item>
          )}
          <Form.Item name="status" label={m.status}>
            <Select options={statusOptions(lang)} />
          </Form.Item>
          <Form.Item name="remark" label={m.remark}>
            <Input maxLength={200} />
          </Form.Item>
        </>
      )}
    </CrudTable>
  );
}

/** Commission tiers of the agent, with the platform defaults shown beside (profitConf/fetchList, save). */
export function ProfitTable({ agentId, editable }: { agentId: number; editable: boolean }) {
  const m = useProxyMessages();
  const lang = useLang((s) => s.lang);
  const qc = useQueryClient();
  const list = useQuery({ queryKey: proxyKeys.profit(agentId), queryFn: () => fetchProfitConfs(agentId) });
  const save = useMutation({ mutationFn: saveProfitConf, onSuccess: () => qc.invalidateQueries({ queryKey: proxyKeys.all }) });
  return (
    <CrudTable<ProfitConf, SaveProfitConfBody>
      rows={list.data}
      loading={list.isFetching}
      columns={[
        { key: 'owner', title: m.agent, render: (_, r) => (r.agentId ? r.agentName : <Tag>{m.platformDefault}</Tag>) },
        { key: 'name', title: m.tierName, dataIndex: 'name' },
        { key: 'min', title: m.minAmount, render: (_, r) => formatMoney(r.minAmount, 'CNY') },
        { key: 'rate', title: m.rate, dataIndex: 'rate' },
        { key: 'status', title: m.status, dataIndex: 'status', render: (s: string) => <Tag color={STATUS_COLOR[s]}>{AccountStatus.label(s, lang)}</Tag> },
      ]}
      editable={editable}
      canEdit={(r) => r.agentId === agentId}
      addLabel={m.addTier}
      blank={{ name: '', minAmount: '0', rate: '', status: 'activity' }}
      toForm={(r) => ({ ...r, minAmount: fromMinor(r.minAmount) })}
      title={m.profit}
      save={(v, editing) => save.mutateAsync({ ...v, agentId, id: editing?.id })}
    >
      {() => (
        <>
          <Form.Item name="name" label={m.tierName} rules={[{ required: true, whitespace: true, message: m.nameRequired }]}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="minAmount" label={`${m.minAmount}（CNY）`} rules={[zodRule(decimal2)]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="rate" label={m.rate} rules={[zodRule(percentage)]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="status" label={m.status}>
            <Select options={statusOptions(lang)} />
          </Form.Item>
        </>
      )}
    </CrudTable>
  );
}

/** system/agentMyDomain: every main domain, the same rows the agent pages show. */
export const MyDomains = () => (
  <Card>
    <DomainTable editable />
  </Card>
);
