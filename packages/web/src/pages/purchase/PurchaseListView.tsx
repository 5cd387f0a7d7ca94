import { App, Button, Card, Form, Image, Input, Select, Space, Tabs, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { PurchaseLine, PurchaseListQuery } from '@waystation/shared/contract/purchase';
import { Marketplace } from '@waystation/shared/vocab/account';
import { NumberType, PurchaseStatus } from '@waystation/shared/vocab/goods-in';
import { specString } from '@waystation/shared/vocab/label';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { vocabLabels, vocabOptions } from '../../components/list/vocabOptions';
import { formatMoney } from '../../components/money';
import { type Desk, useAction, usePurchases } from './api';
import { useBuyMessages } from './messages';
import { buyPageListCall, warehouseOrderQueryCall } from '@waystation/shared/contract/purchase';

export const STATUS_COLOR: Record<string, string> = {
  purchase_wait: 'gold',
  purchasing: 'blue',
  purchase_hold: 'orange',
  purchase_patch: 'magenta',
  purchased: 'cyan',
  stocking_input: 'geekblue',
  stocking_photo: 'purple',
  shelved: 'green',
  purchase_fail: 'red',
  canceled: 'default',
  refunded: 'default',
  ordered: 'default',
};

export function StatusTag({ status }: { status: string }) {
  const lang = useLang((s) => s.lang);
  return <Tag color={STATUS_COLOR[status]}>{PurchaseStatus.label(status, lang)}</Tag>;
}

const DESK_TABS = ['purchase_wait', 'purchasing', 'purchase_patch', 'purchased', 'purchase_fail', 'canceled', 'refunded'];
const WAREHOUSE_TABS = ['purchased', 'stocking_input', 'stocking_photo', 'shelved', 'purchase_hold'];

interface Filters {
  numberType?: string;
  numberValue?: string;
  mallType?: string;
  mine?: string;
  sort?: string;
}

/**
 * Purchase lines by status (tabs) with the SPEC queryForm filters (numberType/numberValue/mallType) and sort
 * fields, all kept in the URL. The desk claims from here; the warehouse's order query only reads.
 */
export function PurchaseListView({ desk, fixedStatus, detailPath }: { desk: Desk; fixedStatus?: string; detailPath: string }) {
  const t = useT();
  const m = useBuyMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const list = useListPage(
    (query): Filters & { status?: string } => ({
      numberType: query.numberType,
      numberValue: query.numberValue,
      mallType: query.mallType,
      mine: query.mine,
      sort: query.sort,
      status: query.status,
    }),
    ({ status: _status, ...f }) => ({ ...f, numberType: f.numberType ?? 'purchaseNo' }),
  );
  const { query, page, limit } = list;
  const tabs = desk === 'buy' ? DESK_TABS : WAREHOUSE_TABS;
  const status = fixedStatus ?? (query.status === 'all' ? undefined : (query.status ?? tabs[0]));
  const [sort, order] = (query.sort ?? '').split(':');
  const q: Partial<PurchaseListQuery> = {
    page,
    limit,
    status: status as PurchaseListQuery['status'],
    numberType: query.numberType as PurchaseListQuery['numberType'],
    numberValue: query.numberValue,
    mallType: query.mallType as PurchaseListQuery['mallType'],
    mine: query.mine === '1' ? '1' : undefined,
    sort: (sort || undefined) as PurchaseListQuery['sort'],
    order: (order || undefined) as PurchaseListQuery['order'],
  };
  const purchases = usePurchases(desk, q);
  const action = useAction();

  const claim = async (r: PurchaseLine) => {
    await action.mutateAsync({ event: 'claim', body: { id: r.id } });
    message.success(t('common.success'));
    navigate(`${detailPath}?id=${r.id}`);
  };

  const columns: ResizableColumn<PurchaseLine>[] = [
    { key: 'purchaseNo', title: m.purchaseNo, dataIndex: 'purchaseNo', width: 140 },
    {
      key: 'product',
      title: m.product,
      width: 240,
      exportAs: { field: 'title' },
      render: (_, r) => (
        <Space align="start">
          {r.image ? <Image src={r.image} width={48} height={48} /> : null}
          <div>
            <div>{r.title}</div>
            <Typography.Text type="secondary">{specString(r.propsList)}</Typography.Text>
          </div>
        </Space>
      ),
    },
    {
      key: 'mall',
      title: m.mall,
      dataIndex: 'mallType',
      width: 80,
      render: (v: string) => Marketplace.label(v, lang),
      exportAs: { labels: vocabLabels(Marketplace, lang) },
    },
    { key: 'qty', title: m.quantity, dataIndex: 'quantity', width: 60 },
    { key: 'paid', title: m.paid, width: 110, render: (_, r) => formatMoney(r.paidAmount, r.currency), exportAs: { field: 'paidAmount', kind: 'money' } },
    { key: 'member', title: m.member, dataIndex: 'userCode', width: 100 },
    {
      key: 'status',
      title: m.status,
      dataIndex: 'status',
      width: 100,
      render: (s: string) => <StatusTag status={s} />,
      exportAs: { labels: vocabLabels(PurchaseStatus, lang) },
    },
    { key: 'trackingNo', title: m.trackingNo, dataIndex: 'trackingNo', width: 150 },
    { key: 'purchaser', title: m.purchaser, dataIndex: 'purchaserName', width: 100 },
    { key: 'payTime', title: m.payTime, dataIndex: 'payTime', width: 160, render: formatTime, exportAs: { kind: 'time' } },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 130,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          {desk === 'buy' && r.status === 'purchase_wait' && (
            <Button type="link" size="small" onClick={() => void claim(r)} data-testid={`claim-${r.id}`}>
              {m.claim}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => navigate(`${detailPath}?id=${r.id}`)} data-testid={`detail-${r.id}`}>
            {m.detail}
          </Button>
        </Space>
      ),
    },
  ];

  const apply = (v: Filters) => ({ ...v, status: query.status, mine: v.mine });

  return (
    <Card>
      <ListPage<PurchaseLine>
        list={list}
        result={purchases}
        columns={columns}
        exportAs={{ call: desk === 'buy' ? buyPageListCall : warehouseOrderQueryCall, name: m.exportName, params: q }}
        toValues={(v) => apply(v as Filters)}
        resetTo={{ status: query.status }}
        inexact={purchases.data?.totalExact === false}
        above={
          !fixedStatus && (
            <Tabs
              activeKey={query.status ?? tabs[0]}
              onChange={(k) => list.setFilters({ ...list.form.getFieldsValue(), status: k })}
              items={[...tabs.map((s) => ({ key: s, label: PurchaseStatus.label(s, lang) })), { key: 'all', label: m.all }]}
            />
          )
        }
      >
        <Form.Item label={m.numberValue}>
          <Space.Compact>
            <Form.Item name="numberType" noStyle>
              <Select style={{ width: 140 }} options={vocabOptions(NumberType, lang)} />
            </Form.Item>
            <Form.Item name="numberValue" noStyle>
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <FilterSelect name="mallType" label={m.mall} options={vocabOptions(Marketplace, lang)} />
        {desk === 'buy' && <FilterSelect name="mine" label={m.purchaser} options={[{ value: '1', label: m.mine }]} />}
        <Form.Item name="sort" label={t('common.sortBy')}>
          <Select
            allowClear
            style={{ width: 170 }}
            options={[
              { value: 'pay_time:desc', label: `${m.payTime} ↓` },
              { value: 'pay_time:asc', label: `${m.payTime} ↑` },
              { value: 'create_time:desc', label: `${m.createTime} ↓` },
              { value: 'purchase_end_time:desc', label: `${m.purchaseEndTime} ↓` },
              { value: 'modify_time:desc', label: `${t('common.modifyTime')} ↓` },
              { value: 'id:asc', label: 'ID ↑' },
            ]}
          />
        </Form.Item>
      </ListPage>
    </Card>
  );
}
