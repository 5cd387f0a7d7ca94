import { useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Radio, Space, Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { type CouponCode, GenerateCodesBody, marketingCouponCodeListCall } from '@waystation/shared/contract/marketing/codes';
import { type Coupon, marketingCouponPageListCall } from '@waystation/shared/contract/marketing/coupons';
import { SendTargetedBody } from '@waystation/shared/contract/marketing/grants';
import { fromMinor } from '@waystation/shared/contract/ledger';
import { CouponKind, CouponScope, CouponStatus, CouponTemplateStatus, CycleType, DiscountType } from '@waystation/shared/marketing/vocab';
import { fill, useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import type { ResizableColumn } from '../../components/ResizableTable';
import { FilterSelect } from '../../components/list/FilterBar';
import { ExportButton, exportColumnsOf } from '../../components/list/ExportButton';
import { ListPage, useListCall, useListPage } from '../../components/list/ListPage';
import { vocabLabels, vocabOptions } from '../../components/list/vocabOptions';
import { showFieldErrors, validValues, zodRule } from '../../components/zodRule';
import { ApiError } from '../../api/request';
import { crowdCount, newRequestId, redeemCode, useCodes, useCouponStatus, useGenerateCodes, useJobs, useSendCrowd, useSendTargeted } from './api';
import { CrowdFilterFields, toCrowdFilter, type CrowdFields } from './components';
import { useMkMessages } from './messages';
import { StatusToggle } from '../../components/list/status';

import { NumberInput } from '../../components/NumberInput';

/** "满100减10" / "9折" and the scope, as the list shows a coupon. */
export function couponRule(
  c: Pick<Coupon, 'discountType' | 'amount' | 'discount' | 'minSpend' | 'maxDiscount' | 'currency'>,
  m: Record<string, string>,
): string {
  const threshold = c.minSpend > 0 ? fill(m.ruleMin, { n: fromMinor(c.minSpend) }) : m.ruleNoMin;
  if (c.discountType === 'amount') return fill(m.ruleAmount, { threshold, amount: fromMinor(c.amount), currency: c.currency });
  return fill(m.rulePercent, { threshold, discount: c.discount }) + (c.maxDiscount ? fill(m.ruleMax, { n: fromMinor(c.maxDiscount) }) : '');
}

export function validityText(c: Coupon, m: Record<string, string>): string {
  if (c.validityType === 'days') return fill(m.daysAfter, { n: c.validDays ?? 0 });
  return `${formatTime(c.validFrom)} ~ ${formatTime(c.validTo)}`;
}

function GrantModal({ coupon, onClose }: { coupon: Coupon; onClose: () => void }) {
  const m = useMkMessages();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ mode: 'targeted' | 'crowd'; userCodes?: string; quantity: number; crowd?: CrowdFields }>();
  const mode = Form.useWatch('mode', form) ?? 'targeted';
  const [count, setCount] = useState<{ count: number; filterKey: string; sample: { userCode: string }[] } | null>(null);
  const [requestId] = useState(newRequestId);
  const targeted = useSendTargeted();
  const crowd = useSendCrowd();
  const report = (r: { granted: number; skipped: { userCode: string; reason: string }[] }) => {
    message.success(fill(m.sent, { granted: r.granted }));
    if (r.skipped.length)
      message.warning(
        fill(m.skipped, {
          n: r.skipped.length,
          list: r.skipped
            .slice(0, 5)
            .map((s) => `${s.userCode}（${s.reason}）`)
            .join('、'),
        }),
        8,
      );
    onClose();
  };
  const preview = async () => {
    const filter = toCrowdFilter(form.getFieldValue('crowd'));
    const r = await crowdCount(filter);
    setCount({ count: r.count, filterKey: JSON.stringify(filter), sample: r.sample });
  };
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    try {
      if (v.mode === 'targeted') {
        const userCodes = (v.userCodes ?? '')
          .split(/[\s,，]+/)
          .map((s) => s.trim())
          .filter(Boolean);
        report(await targeted.mutateAsync({ couponId: coupon.id, userCodes, quantity: v.quantity, requestId }));
        return;
      }
      const filter = toCrowdFilter(v.crowd);
      if (!count || count.filterKey !== JSON.stringify(filter)) {
        message.warning(m.crowdFirst);
        return;
      }
      modal.confirm({
        title: fill(m.sendConfirm, { count: count.count }),
        onOk: async () => {
          try {
            report(await crowd.mutateAsync({ couponId: coupon.id, filter, expectedCount: count.count, quantity: v.quantity, requestId }));
          } catch (err) {
            if (err instanceof ApiError && err.code === 40900) setCount(null);
          }
        },
      });
    } catch (err) {
      showFieldErrors(form, err);
    }
  };
  return (
    <Modal
      open
      title={fill(m.grantTitle, { name: coupon.name })}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={targeted.isPending || crowd.isPending}
      width={640}
      destroyOnHidden
    >
      <Form form={form} name="couponGrant" layout="vertical" initialValues={{ mode: 'targeted', quantity: 1 }}>
        <Form.Item name="mode">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'targeted', label: m.targeted },
              { value: 'crowd', label: m.crowd },
            ]}
            onChange={() => setCount(null)}
          />
        </Form.Item>
        {mode === 'targeted' ? (
          <Form.Item name="userCodes" label={m.userCodes} extra={m.userCodesHelp} rules={[{ required: true, message: m.userCodes }]}>
            <Input.TextArea rows={4} />
          </Form.Item>
        ) : (
          <>
            <CrowdFilterFields name="crowd" />
            <Space style={{ marginBottom: 16 }}>
              <Button onClick={preview}>{m.previewCount}</Button>
              {count && (
                <Typography.Text strong data-testid="crowd-count">
                  {fill(m.crowdCount, { count: count.count })}
                </Typography.Text>
              )}
            </Space>
          </>
        )}
        <Form.Item name="quantity" label={m.quantity} rules={[zodRule(SendTargetedBody.shape.quantity.unwrap())]}>
          <NumberInput />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CodesModal({ coupon, onClose }: { coupon: Coupon; onClose: () => void }) {
  const m = useMkMessages();
  const lang = useLang((s) => s.lang);
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [codesForm] = Form.useForm<{ count: number }>();
  const [redeem, setRedeem] = useState({ code: '', userCode: '' });
  const codes = useCodes({ couponId: coupon.id, page, limit: 10 });
  const generate = useGenerateCodes();
  const codeColumns: ResizableColumn<CouponCode>[] = [
    {
      key: 'code',
      title: m.code,
      dataIndex: 'code',
      render: (v: string) => (
        <Typography.Text copyable code>
          {v}
        </Typography.Text>
      ),
    },
    { key: 'batch', title: m.batch, dataIndex: 'batchNo' },
    {
      key: 'status',
      title: m.status,
      dataIndex: 'status',
      render: (v: string) => CouponStatus.label(v, lang),
      exportAs: { labels: vocabLabels(CouponStatus, lang) },
    },
    { key: 'user', title: m.redeemedBy, dataIndex: 'userCode' },
    { key: 'at', title: m.redeemedAt, dataIndex: 'redeemedAt', render: formatTime, exportAs: { kind: 'time' } },
  ];
  return (
    <Modal open title={`${m.codes}：${coupon.name}`} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Space wrap style={{ marginBottom: 12 }}>
        <Form
          form={codesForm}
          layout="inline"
          initialValues={{ count: 100 }}
          onFinish={async ({ count }) => {
            try {
              const r = await generate.mutateAsync({ couponId: coupon.id, count, requestId: newRequestId() });
              message.success(`${m.batch} ${r.batchNo}：${r.count}`);
            } catch (e) {
              showFieldErrors(codesForm, e);
            }
          }}
        >
          <Form.Item name="count" label={m.count} rules={[zodRule(GenerateCodesBody.shape.count)]}>
            <NumberInput style={{ width: 120 }} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={generate.isPending}>
              {m.generate}
            </Button>
          </Form.Item>
        </Form>
        <ExportButton
          call={marketingCouponCodeListCall}
          params={{ couponId: coupon.id }}
          columns={exportColumnsOf(codeColumns)}
          name={fill(m.codesFile, { name: coupon.name })}
        />
      </Space>
      <Table
        size="small"
        rowKey="id"
        dataSource={codes.data?.list}
        loading={codes.isFetching}
        pagination={{ current: page, pageSize: 10, total: codes.data?.total ?? 0, onChange: setPage }}
        columns={codeColumns}
      />
      <Space wrap>
        <Input placeholder={m.code} value={redeem.code} onChange={(e) => setRedeem({ ...redeem, code: e.target.value })} style={{ width: 180 }} />
        <Input placeholder={m.userCodes} value={redeem.userCode} onChange={(e) => setRedeem({ ...redeem, userCode: e.target.value })} style={{ width: 160 }} />
        <Button
          disabled={!redeem.code || !redeem.userCode}
          onClick={async () => {
            const r = await redeemCode(redeem);
            message.success(fill(m.redeemed, { no: r.grantNo }));
            setRedeem({ code: '', userCode: '' });
            void codes.refetch();
          }}
        >
          {m.redeem}
        </Button>
      </Space>
    </Modal>
  );
}

function JobsModal({ onClose }: { onClose: () => void }) {
  const m = useMkMessages();
  const jobs = useJobs({ page: 1, limit: 50 });
  return (
    <Modal open title={m.jobs} onCancel={onClose} footer={null} width={860}>
      <Table
        size="small"
        rowKey="id"
        dataSource={jobs.data?.list}
        loading={jobs.isFetching}
        pagination={false}
        scroll={{ y: 400 }}
        columns={[
          { key: 'key', title: 'Key', dataIndex: 'key' },
          { key: 'status', title: m.status, dataIndex: 'status' },
          { key: 'attempts', title: '#', dataIndex: 'attempts', width: 50 },
          { key: 'runAt', title: m.time, dataIndex: 'runAt', render: formatTime },
          {
            key: 'result',
            title: 'Result',
            render: (_, r) => (r.lastError ? <Typography.Text type="danger">{r.lastError}</Typography.Text> : JSON.stringify(r.result ?? '')),
          },
        ]}
      />
    </Modal>
  );
}

/** marketing/CouponList: fixed and cycle coupons; grant (listed users or a previewed crowd), codes, switch on/off. */
export default function CouponList() {
  const t = useT();
  const m = useMkMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const list = useListPage((query) => ({ name: query.name, kind: query.kind as Coupon['kind'], status: query.status as Coupon['status'] }));
  const [granting, setGranting] = useState<Coupon | null>(null);
  const [coding, setCoding] = useState<Coupon | null>(null);
  const [jobsOpen, setJobsOpen] = useState(false);
  const coupons = useListCall(marketingCouponPageListCall, list.params);
  const setStatus = useCouponStatus();

  const columns: ResizableColumn<Coupon>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'name', title: m.couponName, dataIndex: 'name', width: 180 },
    {
      key: 'kind',
      title: m.kind,
      dataIndex: 'kind',
      width: 110,
      render: (v: string, r) => (
        <Tag color={v === 'cycle' ? 'purple' : 'blue'}>
          {CouponKind.label(v, lang)}
          {r.newUser ? m.newUserTag : ''}
        </Tag>
      ),
    },
    { key: 'rule', title: m.discountType, width: 200, render: (_, r) => `${DiscountType.label(r.discountType, lang)}：${couponRule(r, m)}` },
    { key: 'scope', title: m.scope, dataIndex: 'scope', width: 100, render: (v: string) => CouponScope.label(v, lang) },
    { key: 'validity', title: m.validity, width: 200, render: (_, r) => validityText(r, m) },
    { key: 'cycle', title: m.cycleType, width: 130, render: (_, r) => (r.cycleType ? `${CycleType.label(r.cycleType, lang)} · ${r.cycleDay}` : '') },
    { key: 'stock', title: `${m.issued} / ${m.stock}`, width: 120, render: (_, r) => `${r.issuedCount} / ${r.totalStock ?? m.unlimited}` },
    { key: 'used', title: m.used, dataIndex: 'usedCount', width: 80 },
    {
      key: 'status',
      title: m.status,
      dataIndex: 'status',
      width: 80,
      render: (v: string) => <Tag color={v === 'activity' ? 'green' : 'default'}>{CouponTemplateStatus.label(v, lang)}</Tag>,
    },
    { key: 'createTime', title: t('common.createTime'), dataIndex: 'createTime', width: 170, render: formatTime },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 300,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            onClick={() => navigate(`/marketingManage/couponManage/${r.kind === 'cycle' ? 'operateCycleCoupon' : 'operateConstCoupon'}?id=${r.id}`)}
          >
            {t('common.edit')}
          </Button>
          {r.kind === 'const' && (
            <Button type="link" size="small" disabled={r.status !== 'activity'} onClick={() => setGranting(r)}>
              {m.grant}
            </Button>
          )}
          {r.kind === 'const' && (
            <Button type="link" size="small" onClick={() => setCoding(r)}>
              {m.codes}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => navigate(`/marketingManage/couponManage/couponSendRecord?couponId=${r.id}`)}>
            {m.sendRecords}
          </Button>
          <StatusToggle status={r.status} labels={m} run={(next) => setStatus.mutateAsync({ id: r.id, status: next })} />
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <ListPage<Coupon>
        list={list}
        result={coupons}
        columns={columns}
        name="couponFilter"
        exportAs={{ call: marketingCouponPageListCall, name: m.exportCoupons }}
        toolbar={
          <>
            <Button type="primary" onClick={() => navigate('/marketingManage/couponManage/operateConstCoupon')}>
              {m.newConst}
            </Button>
            <Button type="primary" ghost onClick={() => navigate('/marketingManage/couponManage/operateCycleCoupon')}>
              {m.newCycle}
            </Button>
            <Button onClick={() => navigate('/marketingManage/couponManage/couponSendRecord')}>{m.sendRecords}</Button>
            <Button onClick={() => setJobsOpen(true)}>{m.jobs}</Button>
          </>
        }
      >
        <Form.Item name="name" label={m.couponName}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <FilterSelect name="kind" label={m.kind} options={vocabOptions(CouponKind, lang)} width={130} />
        <FilterSelect name="status" label={m.status} options={vocabOptions(CouponTemplateStatus, lang)} width={100} />
      </ListPage>
      {granting && <GrantModal coupon={granting} onClose={() => setGranting(null)} />}
      {coding && <CodesModal coupon={coding} onClose={() => setCoding(null)} />}
      {jobsOpen && <JobsModal onClose={() => setJobsOpen(false)} />}
    </Card>
  );
}
