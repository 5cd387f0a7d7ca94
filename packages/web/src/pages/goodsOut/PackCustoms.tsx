import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type Declaration,
  DeclarationLine,
  warehousePackageDeclarationCall,
  warehousePackageDeclarationSaveCall,
} from '@waystation/shared/contract/goodsOut/customs';
import { decimalToMinor, minorToDecimal } from '@waystation/shared/contract/reference';
import { amountText } from '@waystation/shared/rules';
import { call } from '../../api/request';
import { formatMoney } from '../../components/money';
import { NumberInput } from '../../components/NumberInput';
import { useVerify } from '../../components/verify/useVerify';
import { showFieldErrors, validValues, zodRule } from '../../components/zodRule';
import { useCurrencyOptions } from '../reference/selectors';
import { goodsOutKeys, useInvalidateGoodsOut } from './api';
import { useGoodsOutMessages } from './messages';

export const useDeclaration = (packageNo: string) =>
  useQuery({
    queryKey: [...goodsOutKeys.all, 'declaration', packageNo],
    queryFn: () => call(warehousePackageDeclarationCall, { packageNo }),
    enabled: !!packageNo,
  });

/**
 * A package's customs declaration (issue #33) on 包裹详情 and at 打包称重: its lines, the form it needs (CN22/CN23), a
 * correction (a sensitive change: modify_package_attr) and the customs papers to print with the label.
 */
export function PackCustoms({ id, packageNo, editable }: { id: number; packageNo: string; editable: boolean }) {
  const m = useGoodsOutMessages();
  const declaration = useDeclaration(packageNo);
  const [editing, setEditing] = useState(false);
  const d = declaration.data;
  return (
    <Card
      size="small"
      title={m.customsTitle}
      data-testid="pack-customs"
      loading={declaration.isLoading}
      extra={
        d && (
          <Space>
            <Tag data-testid="customs-form">{d.form}</Tag>
            {!d.complete && d.lines.length > 0 && <Tag color="warning">{m.customsIncomplete}</Tag>}
            {editable && <Button onClick={() => setEditing(true)}>{m.customsEdit}</Button>}
            <Button disabled={!d.pdfUrl || !d.complete} onClick={() => d.pdfUrl && window.open(d.pdfUrl, '_blank', 'noopener')}>
              {m.customsPrint}
            </Button>
          </Space>
        )
      }
    >
      {d && (
        <>
          <Table
            size="small"
            rowKey="lineNo"
            pagination={false}
            dataSource={d.lines}
            locale={{ emptyText: m.customsEmpty }}
            columns={[
              { title: m.customsDescriptionEn, dataIndex: 'descriptionEn', render: (v: string) => v || <Typography.Text type="warning">—</Typography.Text> },
              { title: m.customsDescriptionZh, dataIndex: 'descriptionZh' },
              { title: m.customsHsCode, dataIndex: 'hsCode' },
              { title: m.customsQuantity, dataIndex: 'quantity', align: 'right' },
              { title: m.customsUnitValue, dataIndex: 'unitValue', align: 'right', render: (v: number) => formatMoney(v, d.currency) },
              { title: m.customsAmount, key: 'amount', align: 'right', render: (_, l) => formatMoney(l.quantity * l.unitValue, d.currency) },
              { title: m.customsOrigin, dataIndex: 'origin' },
            ]}
          />
          <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }} data-testid="customs-total">
            {m.customsTotal}：{formatMoney(d.total, d.currency)}
          </Typography.Paragraph>
        </>
      )}
      {editing && d && <DeclarationDialog id={id} packageNo={packageNo} d={d} onClose={() => setEditing(false)} />}
    </Card>
  );
}

interface FormLine {
  descriptionEn: string;
  descriptionZh: string;
  hsCode: string;
  quantity: number;
  unitValue: string;
  origin: string;
}

function DeclarationDialog({ id, packageNo, d, onClose }: { id: number; packageNo: string; d: Declaration; onClose: () => void }) {
  const m = useGoodsOutMessages();
  const { message } = App.useApp();
  const currencies = useCurrencyOptions();
  const invalidate = useInvalidateGoodsOut();
  const [run, holder] = useVerify();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ currency: string; lines: FormLine[]; reason: string }>();
  const initial = {
    currency: d.currency,
    lines: d.lines.map((l) => ({ ...l, unitValue: minorToDecimal(l.unitValue) })),
  };
  const shape = DeclarationLine.shape;
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    const body = {
      id,
      reason: v.reason,
      currency: v.currency,
      lines: v.lines.map((l) => ({
        descriptionEn: l.descriptionEn ?? '',
        descriptionZh: l.descriptionZh ?? '',
        hsCode: l.hsCode ?? '',
        quantity: l.quantity,
        unitValue: decimalToMinor(l.unitValue),
        origin: l.origin || 'CN',
      })),
    };
    setBusy(true);
    try {
      const r = await run('modify_package_attr', id, (headers) => call(warehousePackageDeclarationSaveCall, body, { headers }));
      if (!r) return;
      message.success(m.customsSaved);
      await invalidate();
      onClose();
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open width={1000} title={`${m.customsEdit}（${packageNo}）`} onOk={submit} okButtonProps={{ loading: busy }} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial} name="declaration">
        <Form.Item name="currency" label={m.customsCurrency} style={{ width: 200 }}>
          <Select showSearch options={currencies.options} />
        </Form.Item>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="start" wrap={false} data-testid="declaration-line">
                  <Form.Item name={[f.name, 'descriptionEn']} label={m.customsDescriptionEn} rules={[zodRule(shape.descriptionEn)]}>
                    <Input style={{ width: 200 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'descriptionZh']} label={m.customsDescriptionZh} rules={[zodRule(shape.descriptionZh)]}>
                    <Input style={{ width: 160 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'hsCode']} label={m.customsHsCode} rules={[zodRule(shape.hsCode)]}>
                    <Input style={{ width: 110 }} inputMode="numeric" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'quantity']} label={m.customsQuantity} rules={[zodRule(shape.quantity)]}>
                    <NumberInput style={{ width: 80 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'unitValue']} label={m.customsUnitValue} rules={[zodRule(amountText)]}>
                    <Input inputMode="decimal" style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'origin']} label={m.customsOrigin} rules={[zodRule(shape.origin)]}>
                    <Input style={{ width: 60 }} maxLength={2} />
                  </Form.Item>
                  {fields.length > 1 && <MinusCircleOutlined style={{ marginTop: 38 }} onClick={() => remove(f.name)} aria-label="remove" />}
                </Space>
              ))}
              {fields.length < 50 && (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ quantity: 1, origin: 'CN', unitValue: '', descriptionEn: '', descriptionZh: '', hsCode: '' })}
                >
                  {m.customsAddLine}
                </Button>
              )}
            </>
          )}
        </Form.List>
        <Form.Item name="reason" label={m.customsReason} rules={[{ required: true, whitespace: true, message: m.customsReason }]} style={{ marginTop: 16 }}>
          <Input maxLength={500} />
        </Form.Item>
      </Form>
      {holder}
    </Modal>
  );
}
