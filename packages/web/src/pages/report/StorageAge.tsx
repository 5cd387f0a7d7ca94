import { Card, Col, Empty, Form, Input, InputNumber, Row, Space, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { STORAGE_BUCKETS, type StorageAgeMember, reportStorageAgeCall } from '@waystation/shared/contract/report';
import { call } from '../../api/request';
import { fill } from '../../i18n';
import { BarChart } from '../../components/charts/BarChart';
import { FilterBar } from '../../components/list/FilterBar';
import { ExportButton, exportColumnsOf } from '../../components/list/ExportButton';
import { ListTable } from '../../components/list/ListTable';
import type { ResizableColumn } from '../../components/ResizableTable';
import { useFormFromQuery } from '../../components/useFormFromQuery';
import { useListQuery } from '../../components/useListQuery';
import { useReportMessages } from './messages';
import { RolledUpNote } from './RangeBar';

interface Filters {
  userCode?: string;
  minDays?: number;
}

/** 数据报表 › 库龄报表: items on the shelf by age (0–30, 31–60, 61–90, 90+ days), in all and per member. */
export default function StorageAge() {
  const m = useReportMessages();
  const { query, page, limit, setFilters, setPage } = useListQuery();
  const [form] = Form.useForm<Filters>();
  const minDays = query.minDays ? Number(query.minDays) : undefined;
  useFormFromQuery(form, { userCode: query.userCode, minDays });
  const report = useQuery({
    queryKey: ['report', 'storageAge', page, limit, query.userCode, minDays],
    queryFn: () => call(reportStorageAgeCall, { page, limit, userCode: query.userCode, minDays }),
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
        <FilterBar<Filters>
          form={form}
          name="storageFilters"
          onSearch={setFilters}
          onSame={() => report.refetch()}
          extra={
            <ExportButton
              call={reportStorageAgeCall}
              params={{ userCode: query.userCode, minDays }}
              columns={exportColumnsOf(columns)}
              name={m.byMemberExport}
            />
          }
        >
          <Form.Item name="userCode" label={m.userCode}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="minDays" label={m.minDays}>
            <InputNumber min={0} max={3650} precision={0} style={{ width: 100 }} />
          </Form.Item>
        </FilterBar>
        <ListTable<StorageAgeMember>
          rowKey="memberId"
          columns={columns}
          result={report}
          page={page}
          limit={limit}
          onPage={setPage}
          locale={{ emptyText: <Empty description={m.empty} /> }}
        />
      </Card>
    </Space>
  );
}
