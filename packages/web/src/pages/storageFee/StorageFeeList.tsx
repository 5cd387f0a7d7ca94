import { useState } from 'react';
import { App, Button, Card, Empty, Form, Input, Modal, Space, Tabs, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type OverdueItem,
  type StorageFee,
  StorageFeeWaiveBody,
  storageFeeOverdueCall,
  storageFeePageListCall,
  storageFeeWaiveCall,
} from '@waystation/shared/contract/storageFee';
import { call } from '../../api/request';
import { fill } from '../../i18n';
import { formatTime } from '../../utils/time';
import { formatMoney } from '../../components/money';
import { useListQuery } from '../../components/useListQuery';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListPage } from '../../components/list/ListPage';
import { zodRule } from '../../components/zodRule';
import { useVerify } from '../../components/verify/useVerify';
import { useStorageFeeMessages } from './messages';

/** 财务管理 › 仓储费: items past (or within 7 days of) the free storage days, and the fees charged, waived here (issue 15). */
export default function StorageFeeList() {
  const m = useStorageFeeMessages();
  const { query, setFilters } = useListQuery();
  const tab = query.tab === 'fees' ? 'fees' : 'overdue';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(k) => setFilters({ tab: k === 'fees' ? 'fees' : undefined })}
        items={[
          { key: 'overdue', label: m.overdueTab, children: tab === 'overdue' && <OverdueTab /> },
          { key: 'fees', label: m.feesTab, children: tab === 'fees' && <FeesTab /> },
        ]}
      />
    </Card>
  );
}

function OverdueTab() {
  const m = useStorageFeeMessages();
  const list = useListPage((query) => ({ userCode: query.userCode, stage: query.stage }));
  const { params } = list;
  const overdue = useQuery({
    queryKey: ['storageFee', 'overdue', params],
    queryFn: () => call(storageFeeOverdueCall, params),
    placeholderData: (p) => p,
  });
  const d = overdue.data;
  const columns: ResizableColumn<OverdueItem>[] = [
    { key: 'itemCode', title: m.itemCode, dataIndex: 'itemCode', width: 130 },
    { key: 'title', title: m.title, dataIndex: 'title', width: 200 },
    {
      key: 'member',
      title: m.member,
      width: 170,
      render: (_, r) => <Link to={`/vipManage/detail/${r.memberId}`}>{`${r.userCode} ${r.memberName}`}</Link>,
      exportAs: { field: 'userCode' },
    },
    { key: 'shelf', title: m.shelf, dataIndex: 'shelfCode', width: 110 },
    { key: 'shelvedAt', title: m.shelvedAt, dataIndex: 'shelvedAt', width: 170, render: formatTime, exportAs: { kind: 'time' } },
    { key: 'days', title: m.days, dataIndex: 'days', width: 90, align: 'right' },
    {
      key: 'stage',
      title: m.stage,
      width: 110,
      render: (_, r) => <Tag color={r.stage === 'overdue' ? 'red' : 'orange'}>{r.stage === 'overdue' ? m.overdue : m.warning}</Tag>,
      exportAs: { field: 'stage', labels: { overdue: m.overdue, warning: m.warning } },
    },
    { key: 'chargedDays', title: m.chargedDays, dataIndex: 'chargedDays', width: 90, align: 'right' },
    {
      key: 'charged',
      title: m.charged,
      width: 120,
      align: 'right',
      render: (_, r) => (d ? formatMoney(r.charged, d.currency) : ''),
      exportAs: { field: 'charged', kind: 'money' },
    },
  ];
  return (
    <ListPage<OverdueItem>
      list={list}
      result={overdue}
      columns={columns}
      name="overdueFilters"
      onSame={() => overdue.refetch()}
      exportAs={{ call: storageFeeOverdueCall, name: m.overdueTab }}
      rowKey="itemId"
      locale={{ emptyText: <Empty description={m.noOverdue} /> }}
      above={
        d && <Typography.Paragraph type="secondary">{fill(m.settings, { free: d.freeDays, fee: formatMoney(d.perDay, d.currency) })}</Typography.Paragraph>
      }
    >
      <Form.Item name="userCode" label={m.userCode}>
        <Input allowClear style={{ width: 140 }} />
      </Form.Item>
      <FilterSelect
        name="stage"
        label={m.stage}
        options={[
          { value: 'overdue', label: m.overdue },
          { value: 'warning', label: m.warning },
        ]}
        width={130}
      />
    </ListPage>
  );
}

function FeesTab() {
  const m = useStorageFeeMessages();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [run, verifyHolder] = useVerify();
  const list = useListPage((query) => ({ userCode: query.userCode, itemCode: query.itemCode, status: query.status }));
  const { params } = list;
  const [reasonForm] = Form.useForm<{ reason: string }>();
  const [selected, setSelected] = useState<StorageFee[]>([]);
  const [waiving, setWaiving] = useState(false);
  const fees = useQuery({
    queryKey: ['storageFee', 'fees', params],
    queryFn: () => call(storageFeePageListCall, params),
    placeholderData: (p) => p,
  });
  const total = selected.reduce((s, f) => s + f.amount, 0);
  const currency = selected[0]?.currency ?? 'CNY';
  const columns: ResizableColumn<StorageFee>[] = [
    { key: 'day', title: m.day, dataIndex: 'day', width: 110 },
    { key: 'itemCode', title: m.itemCode, dataIndex: 'itemCode', width: 130 },
    { key: 'member', title: m.member, width: 170, render: (_, r) => `${r.userCode} ${r.memberName}`, exportAs: { field: 'userCode' } },
    {
      key: 'amount',
      title: m.amount,
      width: 110,
      align: 'right',
      render: (_, r) => formatMoney(r.amount, r.currency),
      exportAs: { field: 'amount', kind: 'money' },
    },
    {
      key: 'status',
      title: m.status,
      width: 90,
      render: (_, r) => <Tag color={r.status === 'waived' ? 'green' : 'blue'}>{r.status === 'waived' ? m.waived_status : m.charged_status}</Tag>,
      exportAs: { field: 'status', labels: { charged: m.charged_status, waived: m.waived_status } },
    },
    { key: 'waivedBy', title: m.waivedBy, dataIndex: 'waivedBy', width: 100 },
    { key: 'waivedReason', title: m.waivedReason, dataIndex: 'waivedReason', width: 180 },
  ];
  const waive = async () => {
    const { reason } = await reasonForm.validateFields();
    const body = { ids: selected.map((f) => f.id), reason };
    const res = await run('waive_storage_fee', '', (headers) => call(storageFeeWaiveCall, body, { headers }));
    if (!res) return;
    message.success(fill(m.waived, { n: res.waived, amount: formatMoney(res.amount, res.currency) }));
    setWaiving(false);
    setSelected([]);
    reasonForm.resetFields();
    await qc.invalidateQueries({ queryKey: ['storageFee'] });
  };
  return (
    <>
      {verifyHolder}
      <ListPage<StorageFee>
        list={list}
        result={fees}
        columns={columns}
        name="feeFilters"
        onSame={() => fees.refetch()}
        toValues={(f) => ({ ...(f as Record<string, string | undefined>), tab: 'fees' })}
        resetTo={{ tab: 'fees' }}
        exportAs={{ call: storageFeePageListCall, name: m.feesTab }}
        toolbar={
          <Button danger disabled={!selected.length} onClick={() => setWaiving(true)}>
            {m.waive}
          </Button>
        }
        rowKey="id"
        rowSelection={{
          selectedRowKeys: selected.map((f) => f.id),
          getCheckboxProps: (r) => ({ disabled: r.status !== 'charged' }),
          onChange: (_keys, rows) => setSelected(rows),
        }}
        locale={{ emptyText: <Empty description={m.noFees} /> }}
      >
        <Form.Item name="userCode" label={m.userCode}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="itemCode" label={m.itemCode}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <FilterSelect
          name="status"
          label={m.status}
          options={[
            { value: 'charged', label: m.charged_status },
            { value: 'waived', label: m.waived_status },
          ]}
        />
      </ListPage>
      <Modal
        open={waiving}
        title={fill(m.waiveTitle, { n: selected.length, amount: formatMoney(total, currency) })}
        onCancel={() => setWaiving(false)}
        onOk={waive}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{m.waiveHint}</Typography.Text>
          <Form form={reasonForm} layout="vertical" name="waiveForm">
            <Form.Item name="reason" label={m.reason} rules={[zodRule(StorageFeeWaiveBody.shape.reason)]}>
              <Input.TextArea rows={3} maxLength={200} showCount />
            </Form.Item>
          </Form>
        </Space>
      </Modal>
    </>
  );
}
