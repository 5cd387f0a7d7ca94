import { useState } from 'react';
import { App, Button, Card, Descriptions, Form, Image, Input, Modal, Result, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ModifyWeightBody, type PackageDetail, type PackageModification } from '@waystation/shared/contract/goodsOut/packages';
import { PretrialPassBody } from '@waystation/shared/contract/goodsOut/pretrial';
import { decimalToMinor, minorToDecimal } from '@waystation/shared/contract/reference';
import { amountText } from '@waystation/shared/rules';
import { ItemAttr } from '@waystation/shared/vocab/config-content';
import { FreightPatchStatus, PackageService, PackageStatus, PackageTraceType } from '@waystation/shared/vocab/goods-out';
import { specString } from '@waystation/shared/vocab/label';
import { useLang, useT } from '../../i18n';
import { formatTime } from '../../utils/time';
import { TraceTimeline } from '../../components/TraceTimeline';
import { useVerify } from '../../components/verify/useVerify';
import { PrintLabelButton } from '../../warehouse/PrintDriver';
import { formatMoney } from '../../components/money';
import { modifyPackage, pretrialFail, pretrialPass, useInvalidateGoodsOut, usePackage } from './api';
import { useShipChannelOptions } from '../logistics/selectors';
import { PackageStatusTag, RaiseExceptionButton } from './components';
import { PackStateActions } from './PackStateActions';
import { PackTracking } from './PackTracking';
import { PackCustoms } from './PackCustoms';
import { PackCarrier } from './PackCarrier';
import { useGoodsOutMessages } from './messages';
import { showFieldErrors, validValues, zodRule } from '../../components/zodRule';
import { NumberInput } from '../../components/NumberInput';
import { vocabOptions } from '../../components/list/vocabOptions';

const VERIFY_TYPE: Record<
  PackageModification,
  'modify_package_attr' | 'modify_package_addr' | 'modify_package_channel' | 'modify_package_freight' | 'modify_package_status'
> = {
  modifyWeight: 'modify_package_attr',
  modifyAttr: 'modify_package_attr',
  modifyAddr: 'modify_package_addr',
  modifyChannel: 'modify_package_channel',
  modifyFreight: 'modify_package_freight',
  modifyStatus: 'modify_package_status',
};

/** Pre-review pass/fail dialogs, shared by the detail and the pre-review list. */
export function PretrialButtons({ pkg, onDone }: { pkg: { id: number; estimatedWeightG: number; packageNo: string }; onDone?: () => void }) {
  const m = useGoodsOutMessages();
  const { message } = App.useApp();
  const invalidate = useInvalidateGoodsOut();
  const [open, setOpen] = useState<'pass' | 'fail' | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    setBusy(true);
    try {
      if (open === 'pass') {
        const r = await pretrialPass({ id: pkg.id, estimatedWeightG: v.estimatedWeightG, note: v.note ?? '' });
        message.success(`${m.pass}：${formatMoney(r.freightEstimated, r.currency)}`);
      } else await pretrialFail({ id: pkg.id, reason: v.reason });
      setOpen(null);
      await invalidate();
      onDone?.();
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="primary" size="small" onClick={() => setOpen('pass')} data-testid={`pass-${pkg.id}`}>
        {m.pass}
      </Button>
      <Button danger size="small" onClick={() => setOpen('fail')} data-testid={`fail-${pkg.id}`}>
        {m.fail}
      </Button>
      {open && (
        <Modal
          open
          title={open === 'pass' ? `${m.passTitle}（${pkg.packageNo}）` : `${m.fail}（${pkg.packageNo}）`}
          onOk={submit}
          okButtonProps={{ loading: busy }}
          onCancel={() => setOpen(null)}
          destroyOnHidden
        >
          <Form form={form} layout="vertical" initialValues={{ estimatedWeightG: pkg.estimatedWeightG || undefined }}>
            {open === 'pass' ? (
              <>
                <Form.Item name="estimatedWeightG" label={m.estWeight} extra={m.estimatedGuide} rules={[zodRule(PretrialPassBody.shape.estimatedWeightG)]}>
                  <NumberInput unit="g" style={{ width: 200 }} data-testid="estimated-weight" />
                </Form.Item>
                <Form.Item name="note" label={m.note}>
                  <Input maxLength={500} />
                </Form.Item>
              </>
            ) : (
              <Form.Item name="reason" label={m.failReason} rules={[{ required: true, whitespace: true, message: m.failReason }]}>
                <Input.TextArea rows={3} maxLength={500} />
              </Form.Item>
            )}
          </Form>
        </Modal>
      )}
    </>
  );
}

function ModifyDialog({ kind, d, onClose }: { kind: PackageModification; d: PackageDetail; onClose: () => void }) {
  const m = useGoodsOutMessages();
  const lang = useLang((s) => s.lang);
  const { message } = App.useApp();
  const channels = useShipChannelOptions();
  const invalidate = useInvalidateGoodsOut();
  const [run, holder] = useVerify();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const initial = {
    weightG: d.realWeightG ?? d.estimatedWeightG,
    attrs: d.attrs,
    services: d.services,
    declaredValue: minorToDecimal(d.declaredValue),
    insuranceFee: minorToDecimal(d.insuranceFee),
    address: d.address,
    channelId: d.channelId,
    freightReal: minorToDecimal(d.freightReal ?? 0),
    status: d.manualTargets[0],
  };
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    const body: Record<string, unknown> = { id: d.id, reason: v.reason };
    if (kind === 'modifyWeight') body.weightG = v.weightG;
    if (kind === 'modifyAttr')
      Object.assign(body, {
        attrs: v.attrs,
        services: v.services,
        declaredValue: decimalToMinor(v.declaredValue),
        insuranceFee: decimalToMinor(v.insuranceFee),
      });
    if (kind === 'modifyAddr') body.address = { ...d.address, ...v.address };
    if (kind === 'modifyChannel') body.channelId = v.channelId;
    if (kind === 'modifyFreight') body.freightReal = decimalToMinor(v.freightReal);
    if (kind === 'modifyStatus') body.status = v.status;
    setBusy(true);
    try {
      const r = await run(VERIFY_TYPE[kind], d.id, (headers) => modifyPackage(kind, body, headers));
      if (!r) return;
      message.success(m.done);
      await invalidate();
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={`${m[kind]}（${d.packageNo}）`} onOk={submit} okButtonProps={{ loading: busy }} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial}>
        {kind === 'modifyWeight' && (
          <Form.Item name="weightG" label={m.weight} rules={[zodRule(ModifyWeightBody.shape.weightG)]}>
            <NumberInput unit="g" />
          </Form.Item>
        )}
        {kind === 'modifyAttr' && (
          <>
            <Form.Item name="attrs" label={m.attrs}>
              <Select mode="multiple" options={vocabOptions(ItemAttr, lang)} />
            </Form.Item>
            <Form.Item name="services" label={m.services}>
              <Select mode="multiple" options={vocabOptions(PackageService, lang)} />
            </Form.Item>
            <Form.Item name="declaredValue" label={m.declared} rules={[zodRule(amountText)]}>
              <Input inputMode="decimal" suffix={d.currency} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="insuranceFee" label={m.insurance} rules={[zodRule(amountText)]}>
              <Input inputMode="decimal" suffix={d.currency} style={{ width: 200 }} />
            </Form.Item>
          </>
        )}
        {kind === 'modifyAddr' &&
          (['receiver', 'phone', 'country', 'province', 'city', 'address', 'postcode'] as const).map((f) => (
            <Form.Item key={f} name={['address', f]} label={f}>
              <Input />
            </Form.Item>
          ))}
        {kind === 'modifyChannel' && (
          <Form.Item name="channelId" label={m.channel}>
            <Select options={channels.options} />
          </Form.Item>
        )}
        {kind === 'modifyFreight' && (
          <Form.Item name="freightReal" label={m.freightReal} rules={[zodRule(amountText)]}>
            <Input inputMode="decimal" suffix={d.currency} style={{ width: 200 }} />
          </Form.Item>
        )}
        {kind === 'modifyStatus' && (
          <Form.Item name="status" label={m.targetStatus}>
            <Select options={d.manualTargets.map((s) => ({ value: s, label: PackageStatus.label(s, lang) }))} />
          </Form.Item>
        )}
        <Form.Item name="reason" label={m.reason} rules={[{ required: true, whitespace: true, message: m.reason }]}>
          <Input maxLength={500} />
        </Form.Item>
      </Form>
      {holder}
    </Modal>
  );
}

/** warehouse/PackDetail (highlights packQuery): items, photos, weights, freight, trace timeline, allowed actions and verified modifications. */
export default function PackDetailPage() {
  const t = useT();
  const m = useGoodsOutMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const packageNo = params.get('packageNo') ?? undefined;
  const detail = usePackage({ id, packageNo });
  const [modify, setModify] = useState<PackageModification | null>(null);
  if (!id && !packageNo) return <Result status="404" title="404" />;
  if (detail.isLoading) return <Skeleton active />;
  const d = detail.data;
  if (!d) return <Result status="warning" title={detail.error?.message} />;
  const money = (v: number | null) => (v === null ? '-' : formatMoney(v, d.currency));
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Card
        title={
          <Space>
            <span data-testid="detail-package-no">{d.packageNo}</span>
            <PackageStatusTag status={d.status} />
          </Space>
        }
        extra={
          <Space wrap>
            {d.actions.includes('pretrial_pass') && <PretrialButtons pkg={d} />}
            <PackStateActions d={d} />
            {d.actions.includes('raise') && <RaiseExceptionButton packageNo={d.packageNo} />}
            {d.exception?.status === 'open' && (
              <Button onClick={() => navigate(`/WarehouseManage/abnormalPackageDetail?id=${d.exception!.id}`)}>{m.exception}</Button>
            )}
            {d.modifications.map((k) => (
              <Button key={k} onClick={() => setModify(k)} data-testid={`modify-${k}`}>
                {m[k]}
              </Button>
            ))}
            <Button onClick={() => navigate(-1)}>{t('common.cancel')}</Button>
          </Space>
        }
      >
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" title={m.basic}>
          {/* The labels and texts of 包裹查询's columns (and its export) for the same fields. */}
          <Descriptions.Item label={m.member}>{d.userCode}</Descriptions.Item>
          <Descriptions.Item label={m.memberName}>{d.userName}</Descriptions.Item>
          <Descriptions.Item label={m.channel}>{d.channelName}</Descriptions.Item>
          <Descriptions.Item label={m.country}>{d.countryCode}</Descriptions.Item>
          <Descriptions.Item label={m.items}>{d.itemCount}</Descriptions.Item>
          <Descriptions.Item label={m.estWeight}>{d.estimatedWeightG} g</Descriptions.Item>
          <Descriptions.Item label={m.realWeight}>{d.realWeightG === null ? '-' : `${d.realWeightG} g`}</Descriptions.Item>
          <Descriptions.Item label={m.size}>
            {d.lengthMm} × {d.widthMm} × {d.heightMm} mm
          </Descriptions.Item>
          <Descriptions.Item label={m.volume}>{d.volumeCm3} cm³</Descriptions.Item>
          <Descriptions.Item label={m.volumetric}>{d.volumetricWeightG} g</Descriptions.Item>
          <Descriptions.Item label={m.freightEst}>{money(d.freightEstimated)}</Descriptions.Item>
          <Descriptions.Item label={m.freightCharged}>{money(d.freightCharged)}</Descriptions.Item>
          <Descriptions.Item label={m.freightReal}>{money(d.freightReal)}</Descriptions.Item>
          <Descriptions.Item label={m.patch}>
            {d.patchAmount > 0 ? (
              <Typography.Text type="danger" data-testid="patch-amount">
                {money(d.patchAmount)}
              </Typography.Text>
            ) : (
              money(d.patchAmount)
            )}
          </Descriptions.Item>
          {/* Its own line: 待补运费 is the amount alone, as the list and its export show it. */}
          {d.patchStatus && (
            <Descriptions.Item label={m.patchOutcome}>
              <Tag>{FreightPatchStatus.label(d.patchStatus, lang)}</Tag>
            </Descriptions.Item>
          )}
          {d.freightDiscount > 0 && <Descriptions.Item label={m.freightDiscount}>{money(d.freightDiscount)}</Descriptions.Item>}
          {d.refundedAmount > 0 && <Descriptions.Item label={m.refunded}>{money(d.refundedAmount)}</Descriptions.Item>}
          <Descriptions.Item label={m.declared}>{money(d.declaredValue)}</Descriptions.Item>
          <Descriptions.Item label={m.insurance}>{money(d.insuranceFee)}</Descriptions.Item>
          <Descriptions.Item label={m.attrs}>
            {d.attrs.map((a) => (
              <Tag key={a}>{ItemAttr.label(a, lang)}</Tag>
            ))}
            {!d.attrs.length && m.none}
          </Descriptions.Item>
          <Descriptions.Item label={m.services}>
            {d.services.map((s) => (
              <Tag key={s}>{PackageService.label(s, lang)}</Tag>
            ))}
            {!d.services.length && m.none}
          </Descriptions.Item>
          <Descriptions.Item label={m.remark}>{d.memberRemark || m.none}</Descriptions.Item>
          <Descriptions.Item label={m.trackingNo}>{d.trackingNo || '-'}</Descriptions.Item>
          <Descriptions.Item label={m.sack}>{d.sackCode ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={m.batchNo}>{d.batchNo ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={m.createTime}>{formatTime(d.createTime)}</Descriptions.Item>
          <Descriptions.Item label={m.reviewer}>
            {d.reviewerName || '-'} {d.pretrialNote}
          </Descriptions.Item>
          <Descriptions.Item label={m.packer}>
            {d.packerName || '-'} {formatTime(d.packedAt)}
          </Descriptions.Item>
          <Descriptions.Item label={m.address} span={3}>
            {d.address.receiver} {d.address.phone} ·{' '}
            {[d.address.address, d.address.city, d.address.province, d.address.postcode, d.address.country].filter(Boolean).join(', ')}
          </Descriptions.Item>
          {d.labelUrl && (
            <Descriptions.Item label={m.label}>
              <PrintLabelButton station="packDetail" url={d.labelUrl} />
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card title={m.itemList} size="small">
        <Table
          size="small"
          rowKey="itemId"
          pagination={false}
          dataSource={d.items}
          columns={[
            { key: 'code', title: m.itemCode, dataIndex: 'itemCode' },
            {
              key: 'title',
              title: '',
              render: (_, r) => (
                <Space>
                  {r.photos[0]?.kind === 'image' && <Image src={r.photos[0].fileUrl} width={40} height={40} />}
                  <span>{r.title}</span>
                  <Typography.Text type="secondary">{specString(r.propsList)}</Typography.Text>
                </Space>
              ),
            },
            { key: 'q', title: m.quickCode, render: (_, r) => r.quickCode.join(' ') },
            { key: 'w', title: m.weight, render: (_, r) => `${r.weightG} g` },
            { key: 'shelf', title: m.shelf, dataIndex: 'shelfCode' },
            { key: 'removed', title: m.removed, render: (_, r) => (r.removed ? '✓' : '') },
            { key: 'checked', title: m.checked, render: (_, r) => (r.checked ? '✓' : '') },
          ]}
        />
      </Card>
      <PackCustoms id={d.id} packageNo={d.packageNo} editable={d.modifications.includes('modifyAttr')} />
      <PackCarrier id={d.id} />
      <PackTracking tracking={d.tracking} />
      <Card title={m.trace} size="small">
        <TraceTimeline entries={d.trace} types={PackageTraceType} statuses={PackageStatus} />
      </Card>
      {modify && <ModifyDialog kind={modify} d={d} onClose={() => setModify(null)} />}
    </Space>
  );
}
