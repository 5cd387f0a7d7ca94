import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { App, Button, Card, Checkbox, DatePicker, Divider, Form, Input, Radio, Space } from 'antd';
import { fromMinor } from '@waystation/shared/contract/ledger';
import { SaveConstCouponBody, SaveCycleCouponBody } from '@waystation/shared/contract/marketing/coupons';
import { CouponScope, CycleType, DiscountType, ValidityType } from '@waystation/shared/marketing/vocab';
import { useLang, useT } from '../../i18n';
import { showFieldErrors, zodRule } from '../../components/zodRule';
import { useCoupon, useSaveConst, useSaveCycle } from './api';
import { CrowdFilterFields, fromCrowdFilter, LevelSelect, toCrowdFilter, type CrowdFields } from './components';
import { useMkMessages } from './messages';
import { NumberInput } from '../../components/NumberInput';
import { LiveText } from '../../components/LiveText';
import { vocabOptions } from '../../components/list/vocabOptions';

const couponShape = SaveConstCouponBody.shape;
const cycleShape = SaveCycleCouponBody.shape;
// The server fills in a per-member limit and a quantity when none is sent; on the form an emptied field is refused.
const perMemberLimitRule = zodRule(couponShape.perMemberLimit.unwrap());
const cycleQuantityRule = zodRule(cycleShape.cycleQuantity.unwrap());

interface Values {
  name: string;
  discountType: 'amount' | 'discount';
  amount?: string;
  discount?: string;
  maxDiscount?: string;
  minSpend: string;
  scope: 'purchase' | 'shipping' | 'all';
  validityType: 'fixed' | 'days';
  validRange?: [Dayjs, Dayjs];
  validDays?: number;
  totalStock?: number | null;
  perMemberLimit: number;
  levelIds?: number[];
  newUser?: boolean;
  remark?: string;
  cycleType?: 'weekly' | 'monthly';
  cycleDay?: number;
  cycleQuantity?: number;
  cycleRange?: [Dayjs, Dayjs | null];
  segment?: CrowdFields;
}

/** The form of a fixed (operateConstCoupon) or cycle (operateCycleCoupon) coupon; ?id= edits. */
export function CouponForm({ kind }: { kind: 'const' | 'cycle' }) {
  const t = useT();
  const m = useMkMessages();
  const lang = useLang((s) => s.lang);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const coupon = useCoupon(id);
  const saveConst = useSaveConst();
  const saveCycle = useSaveCycle();
  const [form] = Form.useForm<Values>();
  const discountType = Form.useWatch('discountType', form) ?? 'amount';
  const validityType = Form.useWatch('validityType', form) ?? 'days';
  const cycleType = Form.useWatch('cycleType', form) ?? 'monthly';

  useEffect(() => {
    const c = coupon.data;
    if (!c) return;
    form.setFieldsValue({
      name: c.name,
      discountType: c.discountType,
      amount: c.amount ? fromMinor(c.amount) : undefined,
      discount: c.discount || undefined,
      maxDiscount: c.maxDiscount ? fromMinor(c.maxDiscount) : undefined,
      minSpend: fromMinor(c.minSpend),
      scope: c.scope,
      validityType: c.validityType,
      validRange: c.validFrom && c.validTo ? [dayjs(c.validFrom), dayjs(c.validTo)] : undefined,
      validDays: c.validDays ?? undefined,
      totalStock: c.totalStock,
      perMemberLimit: c.perMemberLimit,
      levelIds: c.levelIds,
      newUser: c.newUser,
      remark: c.remark,
      cycleType: c.cycleType ?? undefined,
      cycleDay: c.cycleDay ?? undefined,
      cycleQuantity: c.cycleQuantity ?? undefined,
      cycleRange: c.cycleStart ? [dayjs(c.cycleStart), c.cycleEnd ? dayjs(c.cycleEnd) : null] : undefined,
      segment: fromCrowdFilter(c.segment),
    });
  }, [coupon.data, form]);

  const submit = async (v: Values) => {
    const common = {
      id: id || undefined,
      name: v.name,
      discountType: v.discountType,
      amount: v.discountType === 'amount' ? v.amount : undefined,
      discount: v.discountType === 'discount' ? v.discount : undefined,
      maxDiscount: v.discountType === 'discount' && v.maxDiscount ? v.maxDiscount : undefined,
      minSpend: v.minSpend || '0',
      scope: v.scope,
      validityType: v.validityType,
      validFrom: v.validityType === 'fixed' ? v.validRange?.[0]?.toISOString() : undefined,
      validTo: v.validityType === 'fixed' ? v.validRange?.[1]?.toISOString() : undefined,
      validDays: v.validityType === 'days' ? v.validDays : undefined,
      totalStock: v.totalStock ?? null,
      perMemberLimit: v.perMemberLimit,
      levelIds: v.levelIds ?? [],
      remark: v.remark ?? '',
    };
    try {
      if (kind === 'const') await saveConst.mutateAsync({ ...common, newUser: !!v.newUser });
      else {
        await saveCycle.mutateAsync({
          ...common,
          cycleType: v.cycleType!,
          cycleDay: v.cycleDay!,
          cycleQuantity: v.cycleQuantity ?? 1,
          cycleStart: (v.cycleRange?.[0] ?? dayjs()).toISOString(),
          cycleEnd: v.cycleRange?.[1]?.toISOString() ?? null,
          segment: toCrowdFilter(v.segment),
        });
      }
      message.success(m.saved);
      navigate('/marketingManage/couponManage');
    } catch (err) {
      showFieldErrors(form, err);
    }
  };

  return (
    <Card title={kind === 'const' ? (id ? m.editConst : m.newConst) : id ? m.editCycle : m.newCycle} loading={id > 0 && coupon.isLoading}>
      <Form<Values>
        form={form}
        name={`${kind}Coupon`}
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 14 }}
        onFinish={submit}
        initialValues={{
          discountType: 'amount',
          minSpend: '0',
          scope: 'purchase',
          validityType: kind === 'cycle' ? 'days' : 'fixed',
          validDays: 30,
          perMemberLimit: 1,
          cycleType: 'monthly',
          cycleDay: 1,
          cycleQuantity: 1,
          totalStock: null,
        }}
      >
        <Form.Item name="name" label={m.couponName} rules={[zodRule(couponShape.name)]}>
          <Input />
        </Form.Item>
        <Form.Item name="discountType" label={m.discountType}>
          <Radio.Group options={vocabOptions(DiscountType, lang)} />
        </Form.Item>
        {discountType === 'amount' ? (
          <Form.Item name="amount" label={m.amountOff} rules={[zodRule(couponShape.amount.unwrap())]}>
            <Input suffix="CNY" style={{ width: 220 }} />
          </Form.Item>
        ) : (
          <>
            <Form.Item name="discount" label={m.discount} rules={[zodRule(couponShape.discount.unwrap())]}>
              <Input suffix="%" style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="maxDiscount" label={m.maxDiscount} rules={[zodRule(couponShape.maxDiscount, { emptyAsUndefined: true })]}>
              <Input suffix="CNY" style={{ width: 220 }} />
            </Form.Item>
          </>
        )}
        <Form.Item name="minSpend" label={m.minSpend} rules={[zodRule(couponShape.minSpend.unwrap())]}>
          <Input suffix="CNY" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="scope" label={m.scope}>
          <Radio.Group options={vocabOptions(CouponScope, lang)} />
        </Form.Item>
        <Form.Item name="validityType" label={m.validityType}>
          <Radio.Group disabled={kind === 'cycle'} options={vocabOptions(ValidityType, lang)} />
        </Form.Item>
        {validityType === 'fixed' ? (
          <Form.Item name="validRange" label={m.validRange} rules={[{ required: true, message: <LiveText of={useMkMessages} k="validRange" /> }]}>
            <DatePicker.RangePicker showTime />
          </Form.Item>
        ) : (
          <Form.Item name="validDays" label={m.validDays} rules={[zodRule(couponShape.validDays.unwrap())]}>
            <NumberInput unit={m.dayUnit} />
          </Form.Item>
        )}
        <Form.Item name="totalStock" label={m.stock} extra={m.emptyUnlimited} rules={[zodRule(couponShape.totalStock, { emptyAsUndefined: true })]}>
          <NumberInput style={{ width: 200 }} />
        </Form.Item>
        {kind === 'const' && (
          <Form.Item name="perMemberLimit" label={m.perMemberLimit} rules={[perMemberLimitRule]}>
            <NumberInput />
          </Form.Item>
        )}
        <Form.Item name="levelIds" label={m.levels}>
          <LevelSelect />
        </Form.Item>
        {kind === 'const' && (
          <Form.Item name="newUser" valuePropName="checked" label=" " colon={false}>
            <Checkbox>{m.newUser}</Checkbox>
          </Form.Item>
        )}
        {kind === 'cycle' && (
          <>
            <Divider>{m.cycleType}</Divider>
            <Form.Item name="cycleType" label={m.cycleType}>
              <Radio.Group options={vocabOptions(CycleType, lang)} />
            </Form.Item>
            <Form.Item
              name="cycleDay"
              label={m.cycleDay}
              extra={cycleType === 'weekly' ? m.cycleDayWeekly : m.cycleDayMonthly}
              rules={[zodRule(cycleShape.cycleDay)]}
            >
              <NumberInput />
            </Form.Item>
            <Form.Item name="cycleQuantity" label={m.cycleQuantity} rules={[cycleQuantityRule]}>
              <NumberInput />
            </Form.Item>
            <Form.Item name="cycleRange" label={m.cycleRange} extra={m.cycleEndEmpty}>
              <DatePicker.RangePicker allowEmpty={[false, true]} />
            </Form.Item>
            <Divider>{m.segment}</Divider>
            <CrowdFilterFields name="segment" />
          </>
        )}
        <Form.Item name="remark" label={m.remark} rules={[zodRule(couponShape.remark)]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 5 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={saveConst.isPending || saveCycle.isPending}>
              {t('common.save')}
            </Button>
            <Button onClick={() => navigate('/marketingManage/couponManage')}>{t('common.cancel')}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
