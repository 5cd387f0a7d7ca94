import { useState } from 'react';
import { Card, Table, Tag, Typography } from 'antd';
import { fromMinor } from '@waystation/shared/contract/ledger';
import type { SimulateResult } from '@waystation/shared/contract/marketing/draws';
import { PrizeType } from '@waystation/shared/marketing/vocab';
import { fill, useLang } from '../../i18n';
import { formatTime } from '../../utils/time';
import { useDraws } from './api';
import { useMkMessages } from './messages';

/** A simulation's outcome per prize: configured and observed chance, hits, within five sigma; the chi-square. */
export function SimulationCard({ sim }: { sim: SimulateResult | null }) {
  const m = useMkMessages();
  return (
    <Card title={m.simulation}>
      {sim ? (
        <>
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            dataSource={sim.rows}
            data-testid="simulation"
            columns={[
              { key: 'name', title: m.prizeName, dataIndex: 'name' },
              { key: 'configured', title: m.configured, dataIndex: 'configured', render: (v: string) => `${v}%` },
              { key: 'observed', title: m.observed, dataIndex: 'observed', render: (v: string) => `${v}%` },
              { key: 'hits', title: m.hits, dataIndex: 'hits' },
              {
                key: 'ok',
                title: m.withinBounds,
                dataIndex: 'withinBounds',
                render: (v: boolean) => (v ? <Tag color="green">✓</Tag> : <Tag color="red">✗</Tag>),
              },
            ]}
          />
          <Typography.Text type="secondary">{fill(m.chiSquare, { value: sim.chiSquare, df: sim.df })}</Typography.Text>
        </>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      )}
    </Card>
  );
}

/** The draw records of one activity, newest first. */
export function DrawRecordsCard({ activityId: id }: { activityId: number }) {
  const m = useMkMessages();
  const lang = useLang((s) => s.lang);
  const [recordPage, setRecordPage] = useState(1);
  const records = useDraws({ page: recordPage, limit: 10, activityId: id }, id > 0);
  return (
    <Card title={m.records}>
      <Table
        size="small"
        rowKey="id"
        dataSource={records.data?.list}
        loading={records.isFetching}
        pagination={{ current: recordPage, pageSize: 10, total: records.data?.total ?? 0, onChange: setRecordPage }}
        columns={[
          { key: 'time', title: m.time, dataIndex: 'createTime', render: formatTime },
          { key: 'user', title: m.userCodes, dataIndex: 'userCode' },
          { key: 'prize', title: m.prizeName, dataIndex: 'prizeName', render: (v: string, r) => `${v}${r.fellBack ? m.ranOut : ''}` },
          { key: 'type', title: m.prizeType, dataIndex: 'prizeType', render: (v: string) => PrizeType.label(v, lang) },
          { key: 'grant', title: m.grantNo, dataIndex: 'couponGrantNo' },
          { key: 'free', title: m.costAmount, render: (_, r) => (r.free ? m.free : `${m.paid} ${fromMinor(r.costAmount)}`) },
          { key: 'op', title: m.operator, dataIndex: 'operatorName' },
        ]}
      />
    </Card>
  );
}
