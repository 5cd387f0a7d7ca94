import { useState } from 'react';
import { useParams, useNavigate } from 'react-router';
import { App, Button, Card, Descriptions, Dropdown, Space, Table, Tabs, Tag, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { AccountKind, LedgerType, type Transaction } from '@waystation/shared/contract/ledger';
import type { MemberAddress, MemberDetail as Member } from '@waystation/shared/contract/vip';
import { AccountStatus, LoginSource, Marketplace } from '@waystation/shared/vocab/account';
import { PurchaseStatus } from '@waystation/shared/vocab/goods-in';
import { PackageStatus } from '@waystation/shared/vocab/goods-out';
import { KycDocumentType } from '@waystation/shared/contract/openAccounts';
import { fill, useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { useVerify } from '../../components/verify/useVerify';
import { Amount, formatMoney } from '../../components/money';
import { AdjustModal } from './AdjustModal';
import { modifyStatus, queryDiscord, useInvalidateMember, useMember, useMemberTransactions } from './api';
import { useVipMessages } from './messages';
import { STATUS_COLOR } from './VipList';
import { AddressModal, KfcModal, KycReviewModal } from './MemberModals';

/** vip/VipDetail (/vipManage/detail/:id): profile, balances, addresses, transactions, logins; verified actions. */
export default function VipDetail() {
  const { id: idText } = useParams();
  const id = Number(idText) || 0;
  const m = useVipMessages();
  const t = useT();
  const lang = useLang((s) => s.lang);
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const member = useMember(id);
  const invalidate = useInvalidateMember();
  const [run, verifyHolder] = useVerify();
  const [adjusting, setAdjusting] = useState<'balance' | 'commission' | null>(null);
  const [address, setAddress] = useState<MemberAddress | null>(null);
  const [kfcOpen, setKfcOpen] = useState(false);
  const [kycOpen, setKycOpen] = useState(false);
  const d = member.data;
  if (!d) return <Card loading={member.isLoading}>{member.isError ? t('common.empty') : null}</Card>;

  const changeStatus = (status: Member['status']) =>
    modal.confirm({
      title: m.changeStatus,
      content: fill(m.statusConfirm, { code: d.userCode, status: AccountStatus.label(status, lang) }),
      okButtonProps: { danger: status !== 'activity' },
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      // Not awaited: the confirmation closes and the verify dialog (if any) takes over.
      onOk: () => {
        void run('modify_user_status', d.id, (h) => modifyStatus({ id: d.id, status }, h)).then(
          async (res) => {
            if (!res) return;
            message.success(t('common.success'));
            await invalidate();
          },
          () => undefined,
        );
      },
    });

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card
        title={`${d.userCode} · ${d.name}`}
        extra={
          <Space>
            <Button type="primary" onClick={() => setAdjusting('balance')}>
              {m.adjustBalance}
            </Button>
            <Button onClick={() => setAdjusting('commission')}>{m.adjustCommission}</Button>
            <Button onClick={() => setKfcOpen(true)}>{m.setKfc}</Button>
            <Dropdown
              trigger={['click']}
              menu={{
                items: AccountStatus.values
                  .filter((s) => s !== d.status)
                  .map((s) => ({ key: s, label: AccountStatus.label(s, lang), danger: s === 'deleted' })),
                onClick: ({ key }) => changeStatus(key as Member['status']),
              }}
            >
              <Button>
                {m.changeStatus} <DownOutlined />
              </Button>
            </Dropdown>
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label="ID">{d.id}</Descriptions.Item>
          <Descriptions.Item label={m.userCode}>{d.userCode}</Descriptions.Item>
          <Descriptions.Item label={m.email}>{d.email}</Descriptions.Item>
          <Descriptions.Item label={m.loginSource}>{LoginSource.label(d.loginSource, lang)}</Descriptions.Item>
          {d.discordHint && (
            <Descriptions.Item label={m.discord}>
              <Space size={4}>
                <span>{d.discordHint}</span>
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    void run('query_discord', d.id, (h) => queryDiscord({ memberId: d.id }, h)).then(
                      (res) => {
                        if (res)
                          modal.info({
                            title: m.discordTitle,
                            content: (
                              <Typography.Text copyable data-testid="member-discord">
                                {res.discordId}
                              </Typography.Text>
                            ),
                          });
                      },
                      () => undefined,
                    )
                  }
                >
                  {m.showDiscord}
                </Button>
              </Space>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={m.status}>
            <Tag color={STATUS_COLOR[d.status]}>{AccountStatus.label(d.status, lang)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={m.level}>{d.levelName || m.none}</Descriptions.Item>
          <Descriptions.Item label={m.agent}>{d.agentName || m.none}</Descriptions.Item>
          <Descriptions.Item label={m.kfc}>{d.kfcName || m.none}</Descriptions.Item>
          <Descriptions.Item label={m.phone}>{d.phone}</Descriptions.Item>
          <Descriptions.Item label={m.country}>{d.country}</Descriptions.Item>
          <Descriptions.Item label={m.kyc}>
            <Space wrap>
              <span data-testid="member-kyc">{m[`kycStatus_${d.kycStatus}` as keyof typeof m]}</span>
              {d.kyc.status !== 'none' && (
                <span>{fill(m.kycSubmitted, { name: d.kyc.fullName, type: KycDocumentType.label(d.kyc.documentType, lang), hint: d.kyc.documentHint })}</span>
              )}
              {d.kyc.status === 'rejected' && d.kyc.reason && <span>{fill(m.kycRejectedBecause, { reason: d.kyc.reason })}</span>}
              {d.kyc.status === 'pending' && (
                <Button size="small" type="primary" onClick={() => setKycOpen(true)}>
                  {m.kycReview}
                </Button>
              )}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={m.registeredAt}>{formatTime(d.createTime)}</Descriptions.Item>
          <Descriptions.Item label={m.lastLogin}>{formatTime(d.lastLoginAt)}</Descriptions.Item>
          <Descriptions.Item label={m.balance}>
            <span data-testid="member-balance">{formatMoney(d.balance, d.currency)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={m.commission}>{formatMoney(d.commission, d.currency)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card>
        <Tabs
          items={[
            { key: 'tx', label: m.transactions, children: <MemberTransactions id={d.id} /> },
            {
              key: 'packages',
              label: m.packages,
              children: (
                <Table
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={d.packages}
                  columns={[
                    {
                      key: 'no',
                      title: m.packageNo,
                      dataIndex: 'packageNo',
                      render: (v: string, r) => <a onClick={() => navigate(`/WarehouseManage/packDetail?id=${r.id}`)}>{v}</a>,
                    },
                    { key: 'status', title: m.status, dataIndex: 'status', render: (v: string) => PackageStatus.label(v, lang) },
                    { key: 'items', title: m.items, dataIndex: 'itemCount' },
                    { key: 'country', title: m.destination, dataIndex: 'countryCode' },
                    { key: 'freight', title: m.freight, render: (_, r) => formatMoney(r.freightCharged, r.currency) },
                    { key: 'tracking', title: m.trackingNo, dataIndex: 'trackingNo' },
                    { key: 'time', title: m.time, dataIndex: 'createTime', render: formatTime },
                  ]}
                />
              ),
            },
            {
              key: 'orders',
              label: m.orders,
              children: (
                <Table
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={d.orders}
                  columns={[
                    {
                      key: 'no',
                      title: m.orders,
                      dataIndex: 'purchaseNo',
                      render: (v: string, r) => <a onClick={() => navigate(`/buyModule/orderDetail?id=${r.id}`)}>{v}</a>,
                    },
                    { key: 'title', title: m.goods, dataIndex: 'title' },
                    { key: 'mall', title: m.mall, dataIndex: 'mallType', render: (v: string) => Marketplace.label(v, lang) },
                    { key: 'qty', title: m.quantity, dataIndex: 'quantity' },
                    { key: 'paid', title: m.amount, render: (_, r) => formatMoney(r.paidAmount, r.currency) },
                    { key: 'status', title: m.status, dataIndex: 'status', render: (v: string) => PurchaseStatus.label(v, lang) },
                    { key: 'time', title: m.time, dataIndex: 'createTime', render: formatTime },
                  ]}
                />
              ),
            },
            {
              key: 'accounts',
              label: m.accounts,
              children: (
                <Table
                  rowKey={(r) => `${r.kind}:${r.currency}`}
                  size="small"
                  pagination={false}
                  dataSource={d.accounts}
                  columns={[
                    { key: 'kind', title: m.type, dataIndex: 'kind', render: (k: string) => AccountKind.label(k, lang) },
                    { key: 'currency', title: 'Currency', dataIndex: 'currency' },
                    { key: 'balance', title: m.balance, render: (_, r) => formatMoney(r.balance, r.currency) },
                  ]}
                />
              ),
            },
            {
              key: 'addresses',
              label: m.addresses,
              children: (
                <Table<MemberAddress>
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={d.addresses}
                  columns={[
                    { key: 'receiver', title: m.receiver, dataIndex: 'receiver' },
                    { key: 'phone', title: m.phone, dataIndex: 'phone' },
                    { key: 'address', title: m.address, render: (_, a) => [a.country, a.province, a.city, a.address].filter(Boolean).join(' ') },
                    { key: 'postcode', title: m.postcode, dataIndex: 'postcode' },
                    { key: 'default', title: m.default, dataIndex: 'isDefault', render: (v: boolean) => (v ? <Tag color="blue">{m.default}</Tag> : null) },
                    {
                      key: 'actions',
                      title: t('common.actions'),
                      render: (_, a) => (
                        <Button type="link" size="small" onClick={() => setAddress(a)}>
                          {m.editAddress}
                        </Button>
                      ),
                    },
                  ]}
                />
              ),
            },
            {
              key: 'logins',
              label: m.logins,
              children: (
                <Table
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={d.logins}
                  columns={[
                    { key: 'time', title: m.time, dataIndex: 'createTime', render: formatTime },
                    { key: 'ip', title: m.ip, dataIndex: 'ip' },
                    { key: 'source', title: m.loginSource, dataIndex: 'source', render: (v: string) => LoginSource.label(v, lang) },
                    { key: 'ua', title: m.userAgent, dataIndex: 'userAgent' },
                  ]}
                />
              ),
            },
          ]}
        />
      </Card>
      {adjusting && <AdjustModal memberId={d.id} kind={adjusting} run={run} onClose={() => setAdjusting(null)} />}
      {address && <AddressModal memberId={d.id} address={address} run={run} onClose={() => setAddress(null)} />}
      {kfcOpen && <KfcModal member={d} run={run} onClose={() => setKfcOpen(false)} />}
      {kycOpen && <KycReviewModal member={d} onClose={() => setKycOpen(false)} />}
      {verifyHolder}
    </Space>
  );
}

function MemberTransactions({ id }: { id: number }) {
  const m = useVipMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useMemberTransactions(id, page);
  return (
    <Table<Transaction>
      rowKey="id"
      size="small"
      loading={list.isFetching}
      dataSource={list.data?.list}
      pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage }}
      columns={[
        { key: 'id', title: 'ID', dataIndex: 'id', render: (v: number) => <a onClick={() => navigate(`/transaction/detail/${v}`)}>{v}</a> },
        { key: 'time', title: m.time, dataIndex: 'createTime', render: formatTime },
        { key: 'kind', title: m.type, render: (_, r) => `${AccountKind.label(r.kind, lang)} · ${LedgerType.label(r.type, lang)}` },
        { key: 'amount', title: m.amount, render: (_, r) => <Amount minor={r.amount} currency={r.currency} signed /> },
        { key: 'after', title: m.balanceAfter, render: (_, r) => formatMoney(r.balanceAfter, r.currency) },
        { key: 'remark', title: m.remark, dataIndex: 'remark' },
        { key: 'operator', title: m.operator, dataIndex: 'operatorName' },
      ]}
    />
  );
}
