import { Button, Card, Dropdown, Form, Input, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { type Activity, marketingActivityPageListCall, paysBalance } from '@waystation/shared/contract/marketing/draws';
import { fromMinor } from '@waystation/shared/contract/ledger';
import { ActivityKind, CouponTemplateStatus } from '@waystation/shared/marketing/vocab';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListCall, useListPage } from '../../components/list/ListPage';
import { vocabLabels, vocabOptions } from '../../components/list/vocabOptions';
import { exportColumnsOf } from '../../components/list/ExportButton';
import { useVerify } from '../../components/verify/useVerify';
import { useActivityStatus } from './api';
import { configRoute } from './PrizeConfig';
import { useMkMessages } from './messages';
import { StatusToggle } from '../../components/list/status';

/** marketing/ActivityList: lucky-draw activities (turntable, slot machine, egg smashing); each opens its prize configuration. */
export default function ActivityList() {
  const t = useT();
  const m = useMkMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const list = useListPage((query) => ({ name: query.name, kind: query.kind as Activity['kind'], status: query.status as Activity['status'] }));
  const activities = useListCall(marketingActivityPageListCall, list.params);
  const setStatus = useActivityStatus();
  const [run, verifyHolder] = useVerify();
  // Switching on an activity with balance prizes puts money into play: it goes through the verify dialog.
  const toggle = async (r: Activity, status: 'activity' | 'disabled') => {
    const body = { id: r.id, status };
    if (body.status === 'activity' && paysBalance(r.prizes)) await run('modify_draw_balance_pool', r.id, (headers) => setStatus.mutateAsync({ body, headers }));
    else await setStatus.mutateAsync({ body });
  };
  const now = Date.now();

  const columns: ResizableColumn<Activity>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'name', title: m.activityName, dataIndex: 'name', width: 180 },
    {
      key: 'kind',
      title: m.kind,
      dataIndex: 'kind',
      width: 100,
      render: (v: string) => <Tag color="gold">{ActivityKind.label(v, lang)}</Tag>,
      exportAs: { labels: vocabLabels(ActivityKind, lang) },
    },
    { key: 'window', title: m.window, width: 330, render: (_, r) => `${formatTime(r.startAt)} ~ ${formatTime(r.endAt)}` },
    {
      key: 'cost',
      title: `${m.freeDraws} / ${m.costAmount}`,
      width: 160,
      exportAs: false,
      render: (_, r) => `${r.freeDrawsPerDay} / ${fromMinor(r.costAmount)} ${r.currency}`,
    },
    { key: 'prizes', title: m.prizes, width: 260, render: (_, r) => r.prizes.map((p) => `${p.name} ${p.probability}%`).join('，') },
    { key: 'draws', title: m.draws, dataIndex: 'drawCount', width: 90 },
    {
      key: 'status',
      title: m.status,
      dataIndex: 'status',
      width: 100,
      exportAs: { labels: vocabLabels(CouponTemplateStatus, lang) },
      render: (v: string, r) => {
        const live = v === 'activity' && Date.parse(r.startAt) <= now && now < Date.parse(r.endAt);
        return (
          <Tag color={live ? 'green' : 'default'}>
            {CouponTemplateStatus.label(v, lang)}
            {live ? ` · ${m.live}` : ''}
          </Tag>
        );
      },
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 180,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(configRoute(r.kind, r.id))}>
            {m.configPrizes}
          </Button>
          <StatusToggle status={r.status} labels={m} run={(next) => toggle(r, next)} />
        </Space>
      ),
    },
  ];

  return (
    <Card>
      {verifyHolder}
      <ListPage<Activity>
        list={list}
        result={activities}
        columns={columns}
        name="activityFilter"
        exportAs={{
          call: marketingActivityPageListCall,
          name: m.exportActivities,
          columns: [
            ...exportColumnsOf(columns),
            { title: m.startAt, field: 'startAt', kind: 'time' },
            { title: m.endAt, field: 'endAt', kind: 'time' },
            { title: m.freeDraws, field: 'freeDrawsPerDay', kind: 'number' },
            { title: m.costAmount, field: 'costAmount', kind: 'money' },
            { title: m.currency, field: 'currency' },
          ],
        }}
        toolbar={
          <Dropdown menu={{ items: ActivityKind.values.map((k) => ({ key: k, label: ActivityKind.label(k, lang), onClick: () => navigate(configRoute(k)) })) }}>
            <Button type="primary">{m.newActivity}</Button>
          </Dropdown>
        }
      >
        <Form.Item name="name" label={m.activityName}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <FilterSelect name="kind" label={m.kind} options={vocabOptions(ActivityKind, lang)} width={120} />
        <FilterSelect name="status" label={m.status} options={vocabOptions(CouponTemplateStatus, lang)} width={100} />
      </ListPage>
    </Card>
  );
}
