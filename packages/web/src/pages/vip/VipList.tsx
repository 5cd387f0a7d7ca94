import { Button, Card, DatePicker, Form, Input, Tag } from 'antd';
import { useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import type { MemberItem, MemberListQuery } from '@waystation/shared/contract/vip';
import { AccountStatus, LoginSource } from '@waystation/shared/vocab/account';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { vocabOptions } from '../../components/list/vocabOptions';
import { formatMoney } from '../../components/money';
import { useLevelOptions, useMembers } from './api';
import { useVipMessages } from './messages';
import { vipPageListCall } from '@waystation/shared/contract/vip';

export const STATUS_COLOR: Record<string, string> = { activity: 'green', disabled: 'orange', stop: 'default', deleted: 'red' };

interface Filters {
  userCode?: string;
  email?: string;
  loginSource?: string;
  levelId?: string;
  agentId?: string;
  status?: string;
  registered?: [Dayjs, Dayjs] | null;
}

/** vip/VipList: members with filters kept in the URL (code, email, source, level, agent, status, registration time). */
export default function VipList() {
  const t = useT();
  const m = useVipMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const list = useListPage(
    (query) => ({
      userCode: query.userCode,
      email: query.email,
      loginSource: query.loginSource as MemberListQuery['loginSource'],
      levelId: query.levelId ? Number(query.levelId) : undefined,
      agentId: query.agentId,
      status: query.status as MemberListQuery['status'],
      createdFrom: query.createdFrom,
      createdTo: query.createdTo,
    }),
    ({ createdFrom, createdTo, ...f }) => ({ ...f, registered: createdFrom && createdTo ? [dayjs(createdFrom), dayjs(createdTo)] : null }),
  );
  const levels = useLevelOptions();
  const q: Partial<MemberListQuery> = { ...list.params, agentId: list.filters.agentId ? Number(list.filters.agentId) : undefined };
  const members = useMembers(q);

  const columns: ResizableColumn<MemberItem>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'userCode', title: m.userCode, dataIndex: 'userCode', width: 110 },
    { key: 'name', title: m.name, dataIndex: 'name', width: 130 },
    {
      key: 'status',
      title: m.status,
      dataIndex: 'status',
      width: 90,
      render: (s: string) => <Tag color={STATUS_COLOR[s]}>{AccountStatus.label(s, lang)}</Tag>,
    },
    { key: 'balance', title: m.balance, width: 130, render: (_, r) => formatMoney(r.balance, r.currency) },
    { key: 'commission', title: m.commission, width: 120, render: (_, r) => formatMoney(r.commission, r.currency) },
    { key: 'level', title: m.level, dataIndex: 'levelName', width: 100 },
    { key: 'agent', title: m.agent, dataIndex: 'agentName', width: 120 },
    { key: 'loginSource', title: m.loginSource, dataIndex: 'loginSource', width: 100, render: (v: string) => LoginSource.label(v, lang) },
    { key: 'email', title: m.email, dataIndex: 'email', width: 190 },
    { key: 'createTime', title: m.registeredAt, dataIndex: 'createTime', width: 170, render: formatTime },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => navigate(`/vipManage/detail/${r.id}`)}>
          {t('common.detail')}
        </Button>
      ),
    },
  ];

  return (
    <Card>
      <ListPage<MemberItem>
        list={list}
        result={members}
        columns={columns}
        exportAs={{ call: vipPageListCall, name: m.exportName, params: q }}
        toValues={({ registered, ...v }) => {
          const r = registered as Filters['registered'];
          return {
            ...(v as Record<string, string | undefined>),
            createdFrom: r?.[0]?.startOf('day').toISOString(),
            createdTo: r?.[1]?.endOf('day').toISOString(),
          };
        }}
      >
        <Form.Item name="userCode" label={m.userCode}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="email" label={m.email}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <FilterSelect name="loginSource" label={m.loginSource} options={vocabOptions(LoginSource, lang)} width={120} />
        <FilterSelect name="levelId" label={m.level} options={levels.data?.map((l) => ({ value: l.id, label: l.name }))} width={120} />
        <Form.Item name="agentId" label={m.agent}>
          <Input allowClear style={{ width: 100 }} placeholder="ID" />
        </Form.Item>
        <FilterSelect name="status" label={m.status} options={vocabOptions(AccountStatus, lang)} />
        <Form.Item name="registered" label={m.registeredAt}>
          <DatePicker.RangePicker />
        </Form.Item>
      </ListPage>
    </Card>
  );
}
