import { App, Button, Card, DatePicker, Form, Input, Select, Space, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import type { PackageListQuery, PackageRow } from '@waystation/shared/contract/goodsOut/packages';
import { Marketplace } from '@waystation/shared/vocab/account';
import { PackageNumberType, PackageStatus } from '@waystation/shared/vocab/goods-out';
import { fill, useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { vocabLabels, vocabOptions } from '../../components/list/vocabOptions';
import { formatMoney } from '../../components/money';
import { usePackages, useGoodsOutWrite } from './api';
import { useShipChannelOptions } from '../logistics/selectors';
import { PackageStatusTag } from './components';
import { useGoodsOutMessages } from './messages';
import { call } from '../../api/request';
import { warehousePackageAutoReceiveCall, warehousePackagePageListCall } from '@waystation/shared/contract/goodsOut/packages';

const TABS = [
  'pack_pretrial',
  'remove_wait',
  'removing',
  'removed',
  'packing',
  'packed',
  'patch_wait',
  'pending_launch',
  'wait_ship',
  'sorted',
  'prepare_ship',
  'shipped',
  'received',
  'exception',
];

interface Filters {
  numberType?: string;
  numberValue?: string;
  userCode?: string;
  channelId?: number;
  mallType?: string;
  dates?: [Dayjs, Dayjs] | null;
  sort?: string;
}

/** warehouse/PackQuery: packages by status (tabs) with number, member, channel, marketplace and date filters, kept in the URL. */
export default function PackQuery() {
  const t = useT();
  const m = useGoodsOutMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const channels = useShipChannelOptions();
  const list = useListPage(
    (query): Partial<PackageListQuery> => {
      const status = query.status === 'all' || !query.status ? undefined : query.status;
      const [sort, order] = (query.sort ?? '').split(':');
      return {
        status: status as PackageListQuery['status'],
        numberType: query.numberType as PackageListQuery['numberType'],
        numberValue: query.numberValue,
        userCode: query.userCode,
        channelId: query.channelId ? Number(query.channelId) : undefined,
        mallType: query.mallType as PackageListQuery['mallType'],
        from: query.from,
        to: query.to,
        sort: (sort || undefined) as PackageListQuery['sort'],
        order: (order || undefined) as PackageListQuery['order'],
      };
    },
    (f): Filters => ({
      numberType: f.numberType ?? 'packageNo',
      numberValue: f.numberValue,
      userCode: f.userCode,
      channelId: f.channelId,
      mallType: f.mallType,
      dates: f.from && f.to ? [dayjs(f.from), dayjs(f.to)] : null,
      sort: f.sort && (f.order ? `${f.sort}:${f.order}` : f.sort),
    }),
  );
  const { query } = list;
  const packages = usePackages(list.params);
  const auto = useGoodsOutWrite(() => call(warehousePackageAutoReceiveCall));
  const apply = (values: Record<string, unknown>) => {
    const v = values as Filters;
    return {
      numberType: v.numberType,
      numberValue: v.numberValue,
      userCode: v.userCode,
      channelId: v.channelId,
      mallType: v.mallType,
      sort: v.sort,
      status: query.status,
      from: v.dates?.[0]?.format('YYYY-MM-DD'),
      to: v.dates?.[1]?.format('YYYY-MM-DD'),
    };
  };
  const columns: ResizableColumn<PackageRow>[] = [
    {
      key: 'packageNo',
      title: m.packageNo,
      dataIndex: 'packageNo',
      width: 130,
      render: (v: string, r) => <a onClick={() => navigate(`/WarehouseManage/packDetail?id=${r.id}`)}>{v}</a>,
    },
    {
      key: 'status',
      title: m.status,
      dataIndex: 'status',
      width: 110,
      render: (s: string) => <PackageStatusTag status={s} />,
      exportAs: { labels: vocabLabels(PackageStatus, lang) },
    },
    { key: 'member', title: m.member, dataIndex: 'userCode', width: 100 },
    { key: 'channel', title: m.channel, dataIndex: 'channelName', width: 140 },
    { key: 'country', title: m.country, dataIndex: 'countryCode', width: 70 },
    { key: 'items', title: m.items, dataIndex: 'itemCount', width: 60 },
    // Each column shows one field and exports it as shown (same title, value and unit): 包裹详情 uses the same labels.
    {
      key: 'estWeight',
      title: m.estWeight,
      dataIndex: 'estimatedWeightG',
      width: 100,
      render: (v: number) => `${v} g`,
      exportAs: { kind: 'number', unit: 'g' },
    },
    {
      key: 'realWeight',
      title: m.realWeight,
      dataIndex: 'realWeightG',
      width: 90,
      render: (v: number | null) => (v === null ? '-' : `${v} g`),
      exportAs: { kind: 'number', unit: 'g' },
    },
    { key: 'volume', title: m.volume, dataIndex: 'volumeCm3', width: 110, render: (v: number) => `${v} cm³`, exportAs: { kind: 'number', unit: 'cm³' } },
    {
      key: 'freight',
      title: m.freightCharged,
      dataIndex: 'freightCharged',
      width: 120,
      render: (v: number, r) => formatMoney(v, r.currency),
      exportAs: { kind: 'money' },
    },
    {
      key: 'patch',
      title: m.patch,
      dataIndex: 'patchAmount',
      width: 110,
      render: (v: number, r) => formatMoney(v, r.currency),
      exportAs: { kind: 'money' },
    },
    { key: 'sack', title: m.sack, dataIndex: 'sackCode', width: 120, render: (v: string | null) => v ?? '-' },
    { key: 'trackingNo', title: m.trackingNo, dataIndex: 'trackingNo', width: 150, render: (v: string) => v || '-' },
    { key: 'createTime', title: m.createTime, dataIndex: 'createTime', width: 170, render: formatTime, exportAs: { kind: 'time' } },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => navigate(`/WarehouseManage/packDetail?id=${r.id}`)} data-testid={`detail-${r.id}`}>
          {m.detail}
        </Button>
      ),
    },
  ];
  return (
    <Card>
      <ListPage<PackageRow>
        list={list}
        result={packages}
        columns={columns}
        above={
          <Tabs
            activeKey={query.status ?? 'all'}
            onChange={(k) => list.setFilters({ ...Object.fromEntries(Object.entries(query).filter(([key]) => !['page', 'status'].includes(key))), status: k })}
            items={[{ key: 'all', label: m.all }, ...TABS.map((s) => ({ key: s, label: PackageStatus.label(s, lang) }))]}
          />
        }
        toValues={apply}
        resetTo={{ status: query.status }}
        exportAs={{ call: warehousePackagePageListCall, name: m.exportName }}
        toolbar={<Button onClick={async () => message.success(fill(m.receivedN, { n: (await auto.mutateAsync(undefined)).received }))}>{m.autoReceive}</Button>}
        inexact={packages.data?.totalExact === false}
      >
        <Form.Item label={m.number}>
          <Space.Compact>
            <Form.Item name="numberType" noStyle>
              <Select style={{ width: 130 }} options={vocabOptions(PackageNumberType, lang)} />
            </Form.Item>
            <Form.Item name="numberValue" noStyle>
              <Input allowClear style={{ width: 180 }} data-testid="number-value" />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="userCode" label={m.member}>
          <Input allowClear style={{ width: 110 }} />
        </Form.Item>
        <FilterSelect name="channelId" label={m.channel} options={channels.options} width={150} />
        <FilterSelect name="mallType" label={m.mall} options={vocabOptions(Marketplace, lang)} width={100} />
        <Form.Item name="dates" label={m.dateRange}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item name="sort" label={t('common.sortBy')}>
          <Select
            allowClear
            style={{ width: 150 }}
            options={[
              { value: 'create_time:desc', label: `${m.createTime} ↓` },
              { value: 'pay_time:desc', label: `${m.payTime} ↓` },
              { value: 'modify_time:desc', label: `${t('common.modifyTime')} ↓` },
              { value: 'id:asc', label: 'ID ↑' },
            ]}
          />
        </Form.Item>
      </ListPage>
    </Card>
  );
}
