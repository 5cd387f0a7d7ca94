import { Card, Space, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { PackageStatus } from '@waystation/shared/vocab/goods-out';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { ListPage, useListCall, useListPage } from '../../components/list/ListPage';
import { formatMoney } from '../../components/money';
import { PackageStatusTag } from './components';
import { PretrialButtons } from './PackDetail';
import { useGoodsOutMessages } from './messages';
import { type PretrialRow, warehousePretrialPageListCall } from '@waystation/shared/contract/goodsOut/pretrial';

const TABS = ['pack_pretrial', 'pack_pretrial_pass', 'pack_pretrial_fail'] as const;

/** warehouse/PackPretrial: packages awaiting pre-review; pass with the estimated weight (a quote) or fail with a reason. */
export default function PackPretrial() {
  const t = useT();
  const m = useGoodsOutMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const list = useListPage((query) => ({
    status: (TABS as readonly string[]).includes(query.status ?? '') ? (query.status as (typeof TABS)[number]) : 'pack_pretrial',
  }));
  const packages = useListCall(warehousePretrialPageListCall, list.params);
  const columns: ResizableColumn<PretrialRow>[] = [
    {
      key: 'packageNo',
      title: m.packageNo,
      dataIndex: 'packageNo',
      width: 130,
      render: (v: string, r) => <a onClick={() => navigate(`/WarehouseManage/packDetail?id=${r.id}`)}>{v}</a>,
    },
    { key: 'status', title: m.status, dataIndex: 'status', width: 110, render: (s: string) => <PackageStatusTag status={s} /> },
    { key: 'member', title: m.member, dataIndex: 'userCode', width: 100 },
    { key: 'channel', title: m.channel, dataIndex: 'channelName', width: 140 },
    { key: 'country', title: m.country, dataIndex: 'countryCode', width: 70 },
    { key: 'items', title: m.items, dataIndex: 'itemCount', width: 60 },
    { key: 'est', title: m.estWeight, dataIndex: 'estimatedWeightG', width: 100, render: (v: number) => `${v} g` },
    { key: 'freight', title: m.freightEst, width: 120, render: (_, r) => (r.freightEstimated ? formatMoney(r.freightEstimated, r.currency) : '-') },
    { key: 'createTime', title: m.createTime, dataIndex: 'createTime', width: 170, render: formatTime },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 200,
      fixed: 'right',
      render: (_, r) => <Space>{r.actions.includes('pretrial_pass') && <PretrialButtons pkg={r} />}</Space>,
    },
  ];
  return (
    <Card>
      <ListPage<PretrialRow>
        list={list}
        result={packages}
        columns={columns}
        above={
          <Tabs
            activeKey={list.filters.status}
            onChange={(k) => list.setFilters({ status: k })}
            items={TABS.map((s) => ({ key: s, label: PackageStatus.label(s, lang) }))}
          />
        }
      />
    </Card>
  );
}
