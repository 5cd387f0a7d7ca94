import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { App, Button, Card, Form, Input, Radio, Select, Space } from 'antd';
import { decimal2, percentage } from '@waystation/shared/rules';
import { PaymentProvider } from '@waystation/shared/vocab/config-content';
import { minorToDecimal } from '@waystation/shared/contract/reference';
import { PaymentChannelSaveBody } from '@waystation/shared/contract/payment';
import { showFieldErrors, zodRule } from '../../components/zodRule';
import { ImagesField, type Picture } from '../config/TipsConfigImages';
import { useChannel, useCountries, useRuleOptions, useSaveChannel } from './api';
import { NumberInput } from '../../components/NumberInput';

type ChannelForm = Omit<PaymentChannelSaveBody, 'logo'> & { logo: Picture[] };

/** Creates (no ?id=) or edits a payment channel, with its logo upload. */
export default function ChannelConfig() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const channel = useChannel(id);
  const options = useRuleOptions();
  const countries = useCountries();
  const save = useSaveChannel();
  const [form] = Form.useForm<ChannelForm>();
  const currency = Form.useWatch('currency', form) ?? '';
  useEffect(() => {
    const c = channel.data;
    if (!c) return;
    form.setFieldsValue({
      ...c,
      feePercent: String(c.feeBp / 100),
      fixedFee: minorToDecimal(c.fixedFee),
      minAmount: minorToDecimal(c.minAmount),
      maxAmount: minorToDecimal(c.maxAmount),
      logo: c.logo ? [{ fileUri: c.logo, fileUrl: c.logo }] : [],
    });
  }, [channel.data, form]);
  const submit = async (v: ChannelForm) => {
    try {
      await save.mutateAsync({ ...v, id: id || undefined, logo: v.logo?.[0]?.fileUrl ?? '' });
      message.success('操作成功');
      navigate('/paymentManage/channelList');
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  const currencyOptions = options.data?.currencies.map((c) => ({ value: c.code, label: `${c.code} ${c.nameZh}` }));
  return (
    <Card title={id ? '编辑支付渠道' : '新增支付渠道'} loading={id > 0 && channel.isLoading}>
      <Form<ChannelForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        style={{ maxWidth: 760 }}
        initialValues={{
          feePercent: '0',
          fixedFee: '0',
          minAmount: '0',
          maxAmount: '0',
          currency: 'USD',
          currencies: [],
          countries: [],
          status: 'activity',
          sort: 0,
          logo: [],
        }}
      >
        <Space align="start" wrap>
          <Form.Item name="name" label="渠道名称" rules={[{ required: true, message: '请输入渠道名称' }]}>
            <Input style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="providerType" label="支付类型" rules={[{ required: true, message: '请选择支付类型' }]}>
            <Select style={{ width: 160 }} options={PaymentProvider.entries.map((e) => ({ value: e.value, label: e.zh }))} />
          </Form.Item>
        </Space>
        <Form.Item name="currencies" label="支持币种" rules={[{ required: true, type: 'array', min: 1, message: '数组不能为空' }]}>
          <Select mode="multiple" options={currencyOptions} />
        </Form.Item>
        <Space align="start" wrap>
          <Form.Item name="currency" label="结算币种（手续费与限额）">
            <Select style={{ width: 160 }} options={currencyOptions} />
          </Form.Item>
          <Form.Item name="feePercent" label="费率（%）" rules={[zodRule(percentage)]}>
            <Input style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="fixedFee" label={`固定费（${currency}）`} rules={[zodRule(decimal2)]}>
            <Input style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="minAmount" label={`最小金额（${currency}）`} rules={[zodRule(decimal2)]}>
            <Input style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="maxAmount" label={`最大金额（${currency}，0=不限）`} rules={[zodRule(decimal2)]}>
            <Input style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.Item name="countries" label="服务国家（不选=全部）">
          <Select
            mode="multiple"
            showSearch
            optionFilterProp="label"
            options={countries.data?.map((c) => ({ value: c.code, label: `${c.nameZh} ${c.code}` }))}
          />
        </Form.Item>
        <Form.Item name="logo" label="Logo">
          <ImagesField type="payment" max={1} />
        </Form.Item>
        <Space>
          <Form.Item name="sort" label="排序" rules={[zodRule(PaymentChannelSaveBody.shape.sort)]}>
            <NumberInput style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Radio.Group
              options={[
                { value: 'activity', label: '启用' },
                { value: 'disabled', label: '禁用' },
              ]}
            />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={2} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          <Button onClick={() => navigate('/paymentManage/channelList')}>返回</Button>
        </Space>
      </Form>
    </Card>
  );
}
