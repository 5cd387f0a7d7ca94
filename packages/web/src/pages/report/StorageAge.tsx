import { Card, Col, Empty, Form, Input, InputNumber, Row, Space, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { STORAGE_BUCKETS, type StorageAgeMember, reportStorageAgeCall } from '@waystation/shared/contract/report';
import { call } from '../../api/request';
import { fill } from '../../i18n';
import { BarChart } from '../../components/charts/BarChart';
import { ListPage, useListPage } from '../../components/list/ListPage';
import type { ResizableColumn } from '../../components/ResizableTable';
import { useReportMessages } from './messages';
import { RolledUpNote } from './RangeBar';

interface Filters {
  userCode?: string;
  minDays?: number;
}

/** 数据报表 › 库龄报表: items on the shelf by age (0–30, 31–60, 61–90, 90+ days), in all and per member. */
export default function StorageAge() {
  const m = useReportMessages();
  const list = useListPage((query): Filters => ({ userCode: query.userCode, minDays: query.minDays ? Number(query.minDays) : undefined }));
  const { page, limit } = list;
  const { userCode, minDays } = list.filters;
  const report = useQuery({
    queryKey: ['report', 'storageAge', page, limit, userCode, minDays],
    queryFn: () => call(reportStorageAgeCall, { page, limit, userCode, minDays }),
    placeholderData: (p) => p,
  });
  const d = report.data;
  const labels = STORAGE_BUCKETS.map((b) => m[b.key]);
  const columns: ResizableColumn<StorageAgeMember>[] = [
    {
      key: 'userCode',
      title: m.userCode,
      dataIndex: 'userCode',
      width: 110,
      render: (v: string, r) => <Link to={`/vipManage/detail/${r.memberId}`}>{v}</Link>,
    },
    { key: 'name', title: m.name, dataIndex: 'name', width: 140 },
    ...STORAGE_BUCKETS.map((b) => ({ key: b.key, title: m[b.key], dataIndex: b.key, width: 100, align: 'right' as const })),
    { key: 'total', title: m.total, dataIndex: 'total', width: 90, align: 'right' },
    { key: 'oldestDays', title: m.oldestDays, dataIndex: 'oldestDays', width: 100, align: 'right' },
  ];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={m.onShelf}
        loading={report.isLoading}
        extra={
          d && (
            <Space size={16}>
              <Typography.Text type="secondary">{fill(m.freeDays, { n: d.freeDays })}</Typography.Text>
              <RolledUpNote rolledUpAt={d.rolledUpAt} />
            </Space>
          )
        }
      >
        {d && (
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={10}>
              <Row gutter={[16, 16]}>
                {STORAGE_BUCKETS.map((b) => (
                  <Col key={b.key} span={12}>
                    <Statistic
                      title={m[b.key]}
                      value={d.buckets[b.key]}
                      data-testid={`bucket-${b.key}`}
                      valueStyle={b.key === 'd90_plus' && d.buckets[b.key] > 0 ? { color: '#cf1322' } : undefined}
                    />
                  </Col>
                ))}
              </Row>
            </Col>
            <Col xs={24} lg={14}>
              <BarChart labels={labels} values={STORAGE_BUCKETS.map((b) => d.buckets[b.key])} color="#722ed1" label={m.items} height={180} />
            </Col>
          </Row>
        )}
      </Card>
      <Card title={m.byMember}>
        <ListPage<StorageAgeMember>
          list={list}
          result={report}
          columns={columns}
          name="storageFilters"
          onSame={() => report.refetch()}
          exportAs={{ call: reportStorageAgeCall, name: m.byMemberExport }}
          rowKey="memberId"
          locale={{ emptyText: <Empty description={m.empty} /> }}
        >
          <Form.Item name="userCode" label={m.userCode}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="minDays" label={m.minDays}>
            <InputNumber min={0} max={3650} precision={0} style={{ width: 100 }} />
          </Form.Item>
        </ListPage>
      </Card>
    </Space>
  );
}
