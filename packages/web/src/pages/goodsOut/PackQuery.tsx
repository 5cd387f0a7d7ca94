import { App, Button, Card, DatePicker, Form, Input, Select, Space, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import type { PackageListQuery, PackageRow } from '@waystation/shared/contract/goodsOut/packages';
import { Marketplace } from '@waystation/shared/vocab/account';
import { PackageNumberType, PackageStatus } from '@waystation/shared/vocab/goods-out';
import { fill, useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { useListQuery } from '../../components/useListQuery';
import { useFormFromQuery } from '../../components/useFormFromQuery';
import type { ResizableColumn } from '../../components/ResizableTable';
import { ListTable } from '../../components/list/ListTable';
import { FilterBar, FilterSelect } from '../../components/list/FilterBar';
import { vocabLabels, vocabOptions } from '../../components/list/vocabOptions';
import { formatMoney } from '../../components/money';
import { usePackages, useGoodsOutWrite } from './api';
import { useShipChannelOptions } from '../logistics/selectors';
import { PackageStatusTag } from './components';
import { useGoodsOutMessages } from './messages';
import { call } from '../../api/request';
import { warehousePackageAutoReceiveCall, warehousePackagePageListCall } from '@waystation/shared/contract/goodsOut/packages';
import { ExportButton, exportColumnsOf } from '../../components/list/ExportButton';

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
  const { query, page, limit, setFilters, setPage } = useListQuery();
  const [form] = Form.useForm<Filters>();
  const channels = useShipChannelOptions();
  const status = query.status === 'all' || !query.status ? undefined : query.status;
  const [sort, order] = (query.sort ?? '').split(':');
  const q: Partial<PackageListQuery> = {
    page,
    limit,
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
  const list = usePackages(q);
  const auto = useGoodsOutWrite(() => call(warehousePackageAutoReceiveCall));
  useFormFromQuery(form, {
    numberType: query.numberType ?? 'packageNo',
    numberValue: query.numberValue,
    userCode: query.userCode,
    channelId: query.channelId ? Number(query.channelId) : undefined,
    mallType: query.mallType,
    dates: query.from && query.to ? [dayjs(query.from), dayjs(query.to)] : null,
    sort: query.sort,
  });
  const apply = (v: Filters) => ({
    numberType: v.numberType,
    numberValue: v.numberValue,
    userCode: v.userCode,
    channelId: v.channelId,
    mallType: v.mallType,
    sort: v.sort,
    status: query.status,
    from: v.dates?.[0]?.format('YYYY-MM-DD'),
    to: v.dates?.[1]?.format('YYYY-MM-DD'),
  });
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
      <Tabs
        activeKey={query.status ?? 'all'}
        onChange={(k) => setFilters({ ...Object.fromEntries(Object.entries(query).filter(([key]) => !['page', 'status'].includes(key))), status: k })}
        items={[{ key: 'all', label: m.all }, ...TABS.map((s) => ({ key: s, label: PackageStatus.label(s, lang) }))]}
      />
      <FilterBar<Filters>
        form={form}
        onSearch={setFilters}
        toValues={apply}
        resetTo={{ status: query.status }}
        extra={
          <>
            <ExportButton call={warehousePackagePageListCall} params={q} columns={exportColumnsOf(columns)} name={m.exportName} />
            <Button onClick={async () => message.success(fill(m.receivedN, { n: (await auto.mutateAsync(undefined)).received }))}>{m.autoReceive}</Button>
          </>
        }
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
      </FilterBar>
      <ListTable<PackageRow> columns={columns} result={list} page={page} limit={limit} onPage={setPage} inexact={list.data?.totalExact === false} />
    </Card>
  );
}
