import { useState } from 'react';
import { App, Button, Card, DatePicker, Form, Input, Modal, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type CouponGrant, marketingCouponSendRecordListCall, type SendRecordQuery } from '@waystation/shared/contract/marketing/grants';
import { CouponSource, CouponStatus, SendTarget } from '@waystation/shared/marketing/vocab';
import { fill, useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ListPage, useListCall, useListPage } from '../../components/list/ListPage';
import { vocabLabels, vocabOptions } from '../../components/list/vocabOptions';
import { useCouponOptions, useRevoke } from './api';
import { useMkMessages } from './messages';

const STATUS_COLOR: Record<string, string> = { activity: 'green', used: 'blue', disabled: 'default' };

/** marketing/CouponSendRecord (issue details): every grant with filters kept in the URL, Excel export, revoke with a reason. */
export default function CouponSendRecord() {
  const t = useT();
  const m = useMkMessages();
  const lang = useLang((s) => s.lang);
  const { message } = App.useApp();
  const list = useListPage(
    (query): Partial<SendRecordQuery> => ({
      couponId: query.couponId ? Number(query.couponId) : undefined,
      userCode: query.userCode,
      grantNo: query.grantNo,
      sourceType: query.sourceType as SendRecordQuery['sourceType'],
      status: query.status as SendRecordQuery['status'],
      from: query.from,
      to: query.to,
    }),
    (f) => ({ ...f, range: f.from && f.to ? [dayjs(f.from), dayjs(f.to)] : null }),
  );
  const [revoking, setRevoking] = useState<CouponGrant | null>(null);
  const [reason, setReason] = useState('');
  const options = useCouponOptions();
  const revoke = useRevoke();
  const records = useListCall(marketingCouponSendRecordListCall, list.params);

  const columns: ResizableColumn<CouponGrant>[] = [
    { key: 'grantNo', title: m.grantNo, dataIndex: 'grantNo', width: 190 },
    { key: 'coupon', title: m.couponName, dataIndex: 'couponName', width: 160 },
    { key: 'userCode', title: m.userCodes, dataIndex: 'userCode', width: 110 },
    { key: 'member', title: m.member, dataIndex: 'memberName', width: 120 },
    {
      key: 'source',
      title: m.source,
      dataIndex: 'sourceType',
      width: 110,
      render: (v: string) => CouponSource.label(v, lang),
      exportAs: { labels: vocabLabels(CouponSource, lang) },
    },
    {
      key: 'target',
      title: m.sendTarget,
      dataIndex: 'sendTarget',
      width: 80,
      render: (v: string) => SendTarget.label(v, lang),
      exportAs: { labels: vocabLabels(SendTarget, lang) },
    },
    {
      key: 'status',
      title: m.status,
      dataIndex: 'status',
      width: 90,
      render: (v: string, r) => (r.expired ? <Tag color="orange">{m.expired}</Tag> : <Tag color={STATUS_COLOR[v]}>{CouponStatus.label(v, lang)}</Tag>),
      exportAs: { labels: vocabLabels(CouponStatus, lang) },
    },
    { key: 'validTo', title: m.validTo, dataIndex: 'validTo', width: 170, render: formatTime, exportAs: { kind: 'time' } },
    { key: 'useTime', title: m.useTime, dataIndex: 'useTime', width: 170, render: formatTime, exportAs: { kind: 'time' } },
    { key: 'reason', title: m.reason, dataIndex: 'disabledReason', width: 120 },
    { key: 'operator', title: m.operator, dataIndex: 'operatorName', width: 100 },
    { key: 'createTime', title: m.grantTime, dataIndex: 'createTime', width: 170, render: formatTime, exportAs: { kind: 'time' } },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 80,
      fixed: 'right',
      exportAs: false,
      render: (_, r) =>
        r.status === 'activity' && !r.expired ? (
          <Button
            type="link"
            size="small"
            danger
            onClick={() => {
              setReason('');
              setRevoking(r);
            }}
          >
            {m.revoke}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card>
      <ListPage<CouponGrant>
        list={list}
        result={records}
        columns={columns}
        name="sendRecordFilter"
        exportAs={{ call: marketingCouponSendRecordListCall, name: m.sendRecordFile }}
        toValues={({ range, ...v }) => {
          const r = range as [Dayjs, Dayjs] | null | undefined;
          return { ...(v as Record<string, string>), from: r?.[0]?.startOf('day').toISOString(), to: r?.[1]?.endOf('day').toISOString() };
        }}
      >
        <Form.Item name="couponId" label={m.couponName}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 180 }}
            placeholder={t('common.all')}
            options={options.data?.map((o) => ({ value: o.id, label: o.name }))}
          />
        </Form.Item>
        <Form.Item name="userCode" label={m.userCodes}>
          <Input allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="grantNo" label={m.grantNo}>
          <Input allowClear style={{ width: 170 }} />
        </Form.Item>
        <FilterSelect name="sourceType" label={m.source} options={vocabOptions(CouponSource, lang)} width={120} />
        <FilterSelect name="status" label={m.status} options={vocabOptions(CouponStatus, lang)} width={100} />
        <Form.Item name="range" label={m.grantTime}>
          <DatePicker.RangePicker />
        </Form.Item>
      </ListPage>
      <Modal
        open={!!revoking}
        title={revoking ? fill(m.revokeTitle, { no: revoking.grantNo }) : ''}
        onCancel={() => setRevoking(null)}
        confirmLoading={revoke.isPending}
        okButtonProps={{ disabled: !reason.trim() }}
        onOk={async () => {
          await revoke.mutateAsync({ id: revoking!.id, reason: reason.trim() });
          message.success(m.saved);
          setRevoking(null);
        }}
      >
        <Input.TextArea
          rows={3}
          maxLength={200}
          placeholder={m.reasonRequired}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-label={m.reason}
        />
      </Modal>
    </Card>
  );
}
