import { useState } from 'react';
import { App, Button, Card, Descriptions, Image, Input, Result, Select, Skeleton, Space } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ExceptionStatus, ExceptionType } from '@waystation/shared/vocab/goods-out';
import { useLang } from '../../i18n';
import { formatTime } from '../../utils/time';
import { useVerify } from '../../components/verify/useVerify';
import { assignException, handleException, returnStep, useException, useInvalidateGoodsOut, usePackage, useStaff } from './api';
import { PackageStatusTag } from './components';
import { useGoodsOutMessages } from './messages';

const RETURN_NEXT: Record<string, 'return_check' | 'return_refund' | 'return_done'> = {
  return_ordered: 'return_check',
  return_refund_check: 'return_refund',
  return_refund_complete: 'return_done',
};

/** warehouse/AbnormalPackageDetail (highlights abnormalPackage): assign, resolve (back to its status), return, or cancel with refund; then the return steps. */
export default function AbnormalPackageDetail() {
  const m = useGoodsOutMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const ex = useException(id);
  const pkg = usePackage({ id: ex.data?.packageId });
  const staff = useStaff();
  const invalidate = useInvalidateGoodsOut();
  const [resolution, setResolution] = useState('');
  const [runVerified, verifyHolder] = useVerify();
  if (!id) return <Result status="404" title="404" />;
  if (ex.isLoading) return <Skeleton active />;
  const e = ex.data;
  if (!e) return <Result status="warning" title={ex.error?.message} />;
  const done = async (p: Promise<unknown>) => {
    // undefined: the verify dialog was cancelled
    if ((await p) === undefined) return;
    message.success(m.done);
    await invalidate();
  };
  const handle = (kind: 'resolve' | 'return' | 'cancel', title: string) => {
    if (!resolution.trim()) {
      message.error(m.resolution);
      return;
    }
    const call = (headers: Record<string, string>) => handleException(kind, e.id, resolution.trim(), headers);
    // Cancelling refunds the member: verified like a status change (the server insists).
    modal.confirm({
      title: m.confirmTitle,
      content: `${title}：${e.packageNo}`,
      onOk: () => done(kind === 'cancel' ? runVerified('modify_package_status', e.id, call) : call({})),
    });
  };
  const next = pkg.data ? RETURN_NEXT[pkg.data.status] : undefined;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {verifyHolder}
      <Card
        title={
          <Space>
            <a onClick={() => navigate(`/WarehouseManage/packDetail?id=${e.packageId}`)}>{e.packageNo}</a>
            <PackageStatusTag status={pkg.data?.status ?? e.packageStatus} />
            <span>{ExceptionStatus.label(e.status, lang)}</span>
          </Space>
        }
        extra={<Button onClick={() => navigate(-1)}>{m.all}</Button>}
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={m.exType}>{ExceptionType.label(e.type, lang)}</Descriptions.Item>
          <Descriptions.Item label={m.exReason}>{e.reason}</Descriptions.Item>
          <Descriptions.Item label={m.fromStatus}>
            <PackageStatusTag status={e.fromStatus} />
          </Descriptions.Item>
          <Descriptions.Item label={m.member}>{e.userCode}</Descriptions.Item>
          <Descriptions.Item label={m.raisedBy}>
            {e.raisedBy} {formatTime(e.createTime)}
          </Descriptions.Item>
          <Descriptions.Item label={m.owner}>
            {e.status === 'open' ? (
              <Select
                style={{ width: 160 }}
                value={e.ownerId ?? undefined}
                onChange={(v) => void done(assignException(e.id, v))}
                options={(staff.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                data-testid="assign-owner"
              />
            ) : (
              e.ownerName || '-'
            )}
          </Descriptions.Item>
          {e.resolution && (
            <Descriptions.Item label={m.resolution}>
              {e.resolution} · {e.handledBy} {formatTime(e.handledAt)}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={m.photos} span={3}>
            <Image.PreviewGroup>
              <Space wrap>
                {e.photos.map((p) => (
                  <Image key={p.fileUri} src={p.fileUrl} width={96} height={96} style={{ objectFit: 'cover' }} />
                ))}
                {!e.photos.length && m.none}
              </Space>
            </Image.PreviewGroup>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {e.status === 'open' && (
        <Card size="small" title={m.resolution}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Input.TextArea rows={2} maxLength={500} value={resolution} onChange={(ev) => setResolution(ev.target.value)} data-testid="resolution" />
            <Space>
              <Button type="primary" onClick={() => handle('resolve', m.resolve)} data-testid="resolve">
                {m.resolve}
              </Button>
              <Button onClick={() => handle('return', m.returnPkg)} data-testid="return">
                {m.returnPkg}
              </Button>
              <Button danger onClick={() => handle('cancel', m.cancelRefund)} data-testid="cancel-refund">
                {m.cancelRefund}
              </Button>
            </Space>
          </Space>
        </Card>
      )}
      {next && pkg.data && (
        <Card size="small" title={m.returnSteps}>
          <Button
            type="primary"
            onClick={() =>
              void done(
                next === 'return_refund'
                  ? runVerified('modify_package_status', pkg.data!.id, (h) => returnStep(pkg.data!.id, next, h))
                  : returnStep(pkg.data!.id, next),
              )
            }
            data-testid={`return-${next}`}
          >
            {m[next]}
          </Button>
        </Card>
      )}
    </Space>
  );
}
