import { Button, Col, Form, Input, InputNumber, Row, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { BALANCE_STOCK_MESSAGE, PrizeInput } from '@waystation/shared/contract/marketing/draws';
import { percentage } from '@waystation/shared/rules';
import { PRIZE_LIMITS, PrizeType } from '@waystation/shared/marketing/vocab';
import { useLang } from '../../i18n';
import { zodRule } from '../../components/zodRule';
import { NumberInput } from '../../components/NumberInput';
import { useCouponOptions } from './api';
import { useMkMessages } from './messages';

export type PrizeRow = {
  id?: number;
  name: string;
  prizeType: 'coupon' | 'balance' | 'points' | 'none';
  couponId?: number | null;
  amount?: string;
  probability?: string;
  stock?: number | null;
  perMemberCap?: number | null;
};

/** The prize rows of a lucky draw's form (Form.List "prizes", without the filler): name, type, coupon or amount, chance, stock, cap. */
export function PrizeRows({ kind, prizes }: { kind: keyof typeof PRIZE_LIMITS; prizes: PrizeRow[] }) {
  const m = useMkMessages();
  const lang = useLang((s) => s.lang);
  const coupons = useCouponOptions();
  const limits = PRIZE_LIMITS[kind];
  return (
    <Form.List name="prizes">
      {(fields, { add, remove }) => (
        <>
          {fields.map((f, i) => {
            const type = prizes[i]?.prizeType;
            return (
              <Row key={f.key} gutter={8} align="top" data-testid={`prize-row-${i}`}>
                <Form.Item name={[f.name, 'id']} hidden>
                  <InputNumber />
                </Form.Item>
                <Col span={4}>
                  <Form.Item name={[f.name, 'name']} label={i === 0 ? m.prizeName : undefined} rules={[{ required: true, message: m.prizeName }]}>
                    <Input aria-label={`${m.prizeName} ${i + 1}`} maxLength={40} />
                  </Form.Item>
                </Col>
                <Col span={3}>
                  <Form.Item name={[f.name, 'prizeType']} label={i === 0 ? m.prizeType : undefined}>
                    <Select
                      aria-label={`${m.prizeType} ${i + 1}`}
                      options={PrizeType.values.filter((v) => v !== 'none').map((v) => ({ value: v, label: PrizeType.label(v, lang) }))}
                    />
                  </Form.Item>
                </Col>
                <Col span={5}>
                  {type === 'coupon' ? (
                    <Form.Item
                      name={[f.name, 'couponId']}
                      label={i === 0 ? `${m.coupon} / ${m.prizeAmount}` : undefined}
                      rules={[{ required: true, message: m.coupon }]}
                    >
                      <Select
                        aria-label={`${m.coupon} ${i + 1}`}
                        showSearch
                        optionFilterProp="label"
                        options={coupons.data?.filter((c) => c.kind === 'const').map((c) => ({ value: c.id, label: c.name }))}
                      />
                    </Form.Item>
                  ) : (
                    <Form.Item
                      name={[f.name, 'amount']}
                      label={i === 0 ? `${m.coupon} / ${m.prizeAmount}` : undefined}
                      rules={[{ required: true, message: m.prizeAmount }]}
                    >
                      <Input aria-label={`${m.prizeAmount} ${i + 1}`} addonAfter={type === 'balance' ? 'CNY' : PrizeType.label('points', lang)} />
                    </Form.Item>
                  )}
                </Col>
                <Col span={4}>
                  <Form.Item
                    name={[f.name, 'probability']}
                    label={i === 0 ? m.probability : undefined}
                    rules={[{ required: true, message: m.probability }, zodRule(percentage)]}
                  >
                    <Input aria-label={`${m.probability} ${i + 1}`} addonAfter="%" />
                  </Form.Item>
                </Col>
                <Col span={3}>
                  <Form.Item
                    name={[f.name, 'stock']}
                    label={i === 0 ? m.stock : undefined}
                    rules={[{ required: type === 'balance', message: BALANCE_STOCK_MESSAGE }, zodRule(PrizeInput.shape.stock, { emptyAsUndefined: true })]}
                  >
                    <NumberInput aria-label={`${m.stock} ${i + 1}`} placeholder={m.unlimited} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={3}>
                  <Form.Item
                    name={[f.name, 'perMemberCap']}
                    label={i === 0 ? m.perMemberCap : undefined}
                    rules={[zodRule(PrizeInput.shape.perMemberCap, { emptyAsUndefined: true })]}
                  >
                    <NumberInput placeholder={m.unlimited} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={2} style={{ paddingTop: i === 0 ? 30 : 0 }}>
                  <Button icon={<DeleteOutlined />} danger onClick={() => remove(f.name)} aria-label={m.remove} />
                </Col>
              </Row>
            );
          })}
          <Space>
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length + 1 >= limits.max}
              onClick={() => add({ name: '', prizeType: 'points', probability: '', stock: null })}
            >
              {m.addPrize}
            </Button>
          </Space>
        </>
      )}
    </Form.List>
  );
}
