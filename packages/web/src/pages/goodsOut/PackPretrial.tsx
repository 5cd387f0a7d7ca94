import { Card, Space, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import type { PackageRow } from '@waystation/shared/contract/goodsOut/packages';
import { PackageStatus } from '@waystation/shared/vocab/goods-out';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { useListQuery } from '../../components/useListQuery';
import { ResizableTable, type ResizableColumn } from '../../components/ResizableTable';
import { formatMoney } from '../../components/money';
import { usePackages } from './api';
import { PackageStatusTag } from './components';
import { PretrialButtons } from './PackDetail';
import { useGoodsOutMessages } from './messages';
import { warehousePretrialPageListCall } from '@waystation/shared/contract/goodsOut/pretrial';

const TABS = ['pack_pretrial', 'pack_pretrial_pass', 'pack_pretrial_fail'] as const;

/** warehouse/PackPretrial: packages awaiting pre-review; pass with the estimated weight (a quote) or fail with a reason. */
export default function PackPretrial() {
  const t = useT();
  const m = useGoodsOutMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const { query, page, limit, setFilters, setPage } = useListQuery();
  const status = (TABS as readonly string[]).includes(query.status ?? '') ? (query.status as (typeof TABS)[number]) : 'pack_pretrial';
  const list = usePackages({ page, limit, status }, warehousePretrialPageListCall);
  const columns: ResizableColumn<PackageRow>[] = [
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
      render: (_, r) => <Space>{r.status === 'pack_pretrial' && <PretrialButtons pkg={r} />}</Space>,
    },
  ];
  return (
    <Card>
      <Tabs activeKey={status} onChange={(k) => setFilters({ status: k })} items={TABS.map((s) => ({ key: s, label: PackageStatus.label(s, lang) }))} />
      <ResizableTable<PackageRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: limit, total: list.data?.total ?? 0, showTotal: (total) => t('common.total', { total }), onChange: setPage }}
      />
    </Card>
  );
}
