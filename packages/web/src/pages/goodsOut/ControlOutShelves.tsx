import { Card, Select, Space, Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { PickLine } from '@waystation/shared/contract/goodsOut/stations';
import { useT } from '../../i18n';
import { useListQuery } from '../../components/useListQuery';
import { usePickList } from './api';
import { useShipChannelOptions } from '../logistics/selectors';
import { PackageStatusTag } from './components';
import { useGoodsOutMessages } from './messages';

/** warehouse/ControlOutShelves (highlights packagesOutShelves): the pick list, in shelf order, grouped by location and channel. */
export default function ControlOutShelves() {
  const t = useT();
  const m = useGoodsOutMessages();
  const navigate = useNavigate();
  const { query, setFilters } = useListQuery();
  const channelId = query.channelId ? Number(query.channelId) : undefined;
  const channels = useShipChannelOptions();
  const list = usePickList({ channelId });
  const rows = list.data?.list ?? [];
  // Rows of one location share a cell: the picker walks location by location.
  const span = (i: number) =>
    i > 0 && rows[i - 1].shelfCode === rows[i].shelfCode
      ? 0
      : rows.slice(i).findIndex((r) => r.shelfCode !== rows[i].shelfCode) === -1
        ? rows.length - i
        : rows.slice(i).findIndex((r) => r.shelfCode !== rows[i].shelfCode);
  return (
    <Card
      title={
        <Space>
          {m.pickList}
          <Tag>
            {m.packages} {list.data?.packageCount ?? 0}
          </Tag>
        </Space>
      }
      extra={
        <Select
          allowClear
          placeholder={t('common.all')}
          style={{ width: 180 }}
          value={channelId}
          onChange={(v) => setFilters({ channelId: v })}
          options={channels.options}
        />
      }
    >
      <Table<PickLine>
        size="small"
        rowKey={(r) => r.itemCode}
        pagination={false}
        loading={list.isFetching}
        dataSource={rows}
        columns={[
          {
            key: 'shelf',
            title: m.shelf,
            dataIndex: 'shelfCode',
            onCell: (_, i) => ({ rowSpan: span(i ?? 0) }),
            render: (v: string) => <Typography.Text strong>{v || '-'}</Typography.Text>,
          },
          { key: 'channel', title: m.channel, dataIndex: 'channelName' },
          { key: 'item', title: m.itemCode, dataIndex: 'itemCode' },
          { key: 'q', title: m.quickCode, render: (_, r) => r.quickCode.join(' ') },
          { key: 'title', title: '', dataIndex: 'title' },
          {
            key: 'pkg',
            title: m.packageNo,
            dataIndex: 'packageNo',
            render: (v: string, r) => <a onClick={() => navigate(`/WarehouseManage/packDetail?id=${r.packageId}`)}>{v}</a>,
          },
          { key: 'status', title: m.status, dataIndex: 'packageStatus', render: (s: string) => <PackageStatusTag status={s} /> },
          { key: 'removed', title: m.removed, render: (_, r) => (r.removed ? '✓' : '') },
        ]}
      />
    </Card>
  );
}
