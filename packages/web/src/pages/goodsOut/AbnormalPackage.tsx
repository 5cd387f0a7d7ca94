import { Card, Image, Space, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import type { ExceptionRecord } from '@waystation/shared/contract/goodsOut/exceptions';
import { ExceptionStatus, ExceptionType } from '@waystation/shared/vocab/goods-out';
import { useLang } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { useExceptions } from './api';
import { PackageStatusTag } from './components';
import { useGoodsOutMessages } from './messages';

/** warehouse/AbnormalPackage: exceptions raised at the stations, open first. */
export default function AbnormalPackage() {
  const m = useGoodsOutMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const list = useListPage((query) => ({ status: query.status ?? 'open' }));
  const { status } = list.filters;
  const exceptions = useExceptions({ ...list.params, status: status === 'all' ? undefined : status });
  const columns: ResizableColumn<ExceptionRecord>[] = [
    {
      key: 'pkg',
      title: m.packageNo,
      dataIndex: 'packageNo',
      width: 130,
      render: (v: string, r) => (
        <a onClick={() => navigate(`/WarehouseManage/abnormalPackageDetail?id=${r.id}`)} data-testid={`exception-${r.packageNo}`}>
          {v}
        </a>
      ),
    },
    { key: 'member', title: m.member, dataIndex: 'userCode', width: 100 },
    { key: 'type', title: m.exType, width: 110, render: (_, r) => ExceptionType.label(r.type, lang) },
    { key: 'reason', title: m.exReason, dataIndex: 'reason', width: 220 },
    {
      key: 'photos',
      title: m.photos,
      width: 120,
      render: (_, r) => (
        <Space>
          {r.photos.slice(0, 3).map((p) => (
            <Image key={p.fileUri} src={p.fileUrl} width={32} height={32} />
          ))}
        </Space>
      ),
    },
    { key: 'from', title: m.fromStatus, width: 110, render: (_, r) => <PackageStatusTag status={r.fromStatus} /> },
    { key: 'pstatus', title: m.status, width: 110, render: (_, r) => <PackageStatusTag status={r.packageStatus} /> },
    { key: 'owner', title: m.owner, dataIndex: 'ownerName', width: 100 },
    { key: 'raisedBy', title: m.raisedBy, dataIndex: 'raisedBy', width: 100 },
    { key: 'time', title: m.createTime, dataIndex: 'createTime', width: 170, render: formatTime },
  ];
  return (
    <Card>
      <ListPage<ExceptionRecord>
        list={list}
        result={exceptions}
        columns={columns}
        above={
          <Tabs
            activeKey={status}
            onChange={(k) => list.setFilters({ status: k })}
            items={[...ExceptionStatus.values.map((v) => ({ key: v, label: ExceptionStatus.label(v, lang) })), { key: 'all', label: m.all }]}
          />
        }
      />
    </Card>
  );
}
