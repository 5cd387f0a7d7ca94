import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { App, Button, Card, Divider, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { decimal2, percentage } from '@waystation/shared/rules';
import { PaymentGateway, PaymentProvider } from '@waystation/shared/vocab/config-content';
import { minorToDecimal } from '@waystation/shared/contract/reference';
import { PaymentChannelSaveBody } from '@waystation/shared/contract/payment';
import { OPEN_PREFIX } from '@waystation/shared/contract/open';
import { showFieldErrors, zodRule } from '../../components/zodRule';
import { ImagesField, type Picture } from '../config/TipsConfigImages';
import { useChannel, useSaveChannel } from './api';
import { useCountryOptions } from '../logistics/selectors';
import { useCurrencyOptions } from '../reference/selectors';
import { NumberInput } from '../../components/NumberInput';
import { usePaymentMessages } from './messages';
import { vocabOptions } from '../../components/list/vocabOptions';
import { fill, useLang } from '../../i18n';
import { useStatusOptions } from '../../components/list/status';

type ChannelForm = Omit<PaymentChannelSaveBody, 'logo'> & { logo: Picture[] };

const channelShape = PaymentChannelSaveBody.shape;

/** Creates (no ?id=) or edits a payment channel, with its logo upload. */
export default function ChannelConfig() {
  const m = usePaymentMessages();
  const statusOptions = useStatusOptions();
  const lang = useLang((s) => s.lang);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const channel = useChannel(id);
  const countries = useCountryOptions();
  const save = useSaveChannel();
  const [form] = Form.useForm<ChannelForm>();
  const currency = Form.useWatch('currency', form) ?? '';
  const gateway = Form.useWatch('gateway', form) ?? '';
  const hasGateway = gateway !== '';
  const notifyBase = Form.useWatch('notifyBase', form) ?? '';
  /** Placeholder of a provider key: what is stored (masked), and that leaving it empty keeps it. */
  const keyPlaceholder = (masked: string | undefined) => (masked ? fill(m.keySet, { masked }) : m.pleaseEnter);
  /** Where the saved channel's gateway notifies (shown once saved with the gateway chosen now). */
  const notifyPath = channel.data?.gateway === gateway ? (channel.data?.notifyPath ?? '') : '';
  const apiPlaceholder = gateway === 'alipay' ? m.alipayApiOfficial : gateway === 'paypal' ? m.paypalApiOfficial : m.apiAddressOfficial;
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
      // The keys stay empty in the form: the server keeps the stored ones unless new ones are typed.
      secretKey: '',
      webhookSecret: '',
      privateKey: '',
      clientSecret: '',
      notifyBase: c.notifyBase || window.location.origin,
    });
  }, [channel.data, form]);
  const submit = async (v: ChannelForm) => {
    try {
      await save.mutateAsync({
        ...v,
        id: id || undefined,
        logo: v.logo?.[0]?.fileUrl ?? '',
        gateway: v.gateway ?? '',
        apiBase: v.apiBase ?? '',
        secretKey: v.secretKey ?? '',
        webhookSecret: v.webhookSecret ?? '',
        appId: v.appId ?? '',
        privateKey: v.privateKey ?? '',
        alipayPublicKey: v.alipayPublicKey ?? '',
        notifyBase: v.notifyBase ?? '',
        clientId: v.clientId ?? '',
        clientSecret: v.clientSecret ?? '',
        webhookId: v.webhookId ?? '',
      });
      message.success(m.done);
      navigate('/paymentManage/channelList');
    } catch (e) {
      showFieldErrors(form, e);
    }
  };
  const currencyOptions = useCurrencyOptions().options;
  return (
    <Card title={id ? m.editPaymentChannel : m.addPaymentChannel} loading={id > 0 && channel.isLoading}>
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
          gateway: '',
          apiBase: '',
          secretKey: '',
          webhookSecret: '',
          appId: '',
          privateKey: '',
          alipayPublicKey: '',
          clientId: '',
          clientSecret: '',
          webhookId: '',
          // Alipay posts its notifications here: this server as the operator's browser reaches it, to be corrected if need be.
          notifyBase: window.location.origin,
        }}
      >
        <Space align="start" wrap>
          <Form.Item name="name" label={m.channelName} rules={[{ required: true, message: m.enterTheChannelName }]}>
            <Input style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="providerType" label={m.providerType} rules={[{ required: true, message: m.chooseTheProviderType }]}>
            <Select style={{ width: 160 }} options={vocabOptions(PaymentProvider, lang)} />
          </Form.Item>
        </Space>
        <Form.Item name="currencies" label={m.currenciesAccepted} rules={[{ required: true, type: 'array', min: 1, message: m.chooseAtLeastOne }]}>
          <Select mode="multiple" options={currencyOptions} />
        </Form.Item>
        <Space align="start" wrap>
          <Form.Item name="currency" label={m.settlementCurrencyFeesAnd}>
            <Select style={{ width: 160 }} options={currencyOptions} />
          </Form.Item>
          <Form.Item name="feePercent" label={m.rate} rules={[zodRule(percentage)]}>
            <Input style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="fixedFee" label={fill(m.fixedFee, { currency })} rules={[zodRule(decimal2)]}>
            <Input style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="minAmount" label={fill(m.minAmount, { currency })} rules={[zodRule(decimal2)]}>
            <Input style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="maxAmount" label={fill(m.maxAmount, { currency })} rules={[zodRule(decimal2)]}>
            <Input style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.Item name="countries" label={m.countriesServedNoneAll}>
          <Select mode="multiple" showSearch optionFilterProp="label" options={countries.options} />
        </Form.Item>
        <Form.Item name="logo" label="Logo">
          <ImagesField type="payment" max={1} />
        </Form.Item>
        <Space>
          <Form.Item name="sort" label={m.sort} rules={[zodRule(channelShape.sort)]}>
            <NumberInput style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="status" label={m.status}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label={m.note}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Divider>{m.paymentGateway}</Divider>
        <Space align="start" wrap>
          <Form.Item name="gateway" label={m.paymentGateway}>
            <Select style={{ width: 160 }} options={[{ value: '', label: m.noGatewayDisplayOnly }, ...vocabOptions(PaymentGateway, lang)]} />
          </Form.Item>
          {hasGateway && (
            <Form.Item name="apiBase" label={m.apiAddress} rules={[zodRule(channelShape.apiBase)]}>
              <Input style={{ width: gateway === 'stripe' ? 360 : 540 }} placeholder={apiPlaceholder} />
            </Form.Item>
          )}
        </Space>
        {gateway === 'alipay' && (
          <>
            <Form.Item name="appId" label={m.appId} rules={[zodRule(channelShape.appId)]}>
              <Input style={{ width: 260 }} />
            </Form.Item>
            <Form.Item name="privateKey" label={m.appPrivateKey} extra={m.appPrivateKeyHint} rules={[zodRule(channelShape.privateKey)]}>
              <Input.Password autoComplete="new-password" placeholder={keyPlaceholder(channel.data?.privateKey)} />
            </Form.Item>
            <Form.Item name="alipayPublicKey" label={m.alipayPublicKey} extra={m.alipayPublicKeyHint} rules={[zodRule(channelShape.alipayPublicKey)]}>
              <Input.TextArea rows={3} spellCheck={false} placeholder={m.pleaseEnter} />
            </Form.Item>
            <Form.Item name="notifyBase" label={m.notifyBase} extra={m.notifyBaseHint} rules={[zodRule(channelShape.notifyBase)]}>
              <Input style={{ width: 360 }} />
            </Form.Item>
            {id > 0 && notifyPath && (
              <Form.Item label={m.notifyAddress} extra={m.alipayNotifyHint}>
                <Typography.Text copyable>{`${notifyBase.replace(/\/$/, '')}${notifyPath}`}</Typography.Text>
              </Form.Item>
            )}
          </>
        )}
        {gateway === 'paypal' && (
          <>
            <Form.Item name="clientId" label={m.clientId} extra={m.clientIdHint} rules={[zodRule(channelShape.clientId)]}>
              <Input style={{ width: 540 }} spellCheck={false} />
            </Form.Item>
            <Form.Item name="clientSecret" label={m.clientSecret} rules={[zodRule(channelShape.clientSecret)]}>
              <Input.Password autoComplete="new-password" placeholder={keyPlaceholder(channel.data?.clientSecret)} />
            </Form.Item>
            <Form.Item name="webhookId" label={m.webhookId} extra={m.webhookIdHint} rules={[zodRule(channelShape.webhookId)]}>
              <Input style={{ width: 260 }} spellCheck={false} />
            </Form.Item>
            {/* PayPal's webhook is added with this address before its ID exists: shown for any saved channel. */}
            <Form.Item label={m.notifyAddress} extra={id > 0 ? m.notifyAddressHint : undefined}>
              {id > 0 ? (
                <Typography.Text copyable>{`${window.location.origin}${OPEN_PREFIX}/payments/callback/paypal?channel=${id}`}</Typography.Text>
              ) : (
                <Typography.Text type="secondary">{m.paypalNotifyAfterSave}</Typography.Text>
              )}
            </Form.Item>
          </>
        )}
        {gateway === 'stripe' && (
          <>
            <Form.Item name="secretKey" label={m.secretKey} rules={[zodRule(channelShape.secretKey)]}>
              <Input.Password autoComplete="new-password" placeholder={keyPlaceholder(channel.data?.secretKey)} />
            </Form.Item>
            <Form.Item name="webhookSecret" label={m.webhookSecret} rules={[zodRule(channelShape.webhookSecret)]}>
              <Input.Password autoComplete="new-password" placeholder={keyPlaceholder(channel.data?.webhookSecret)} />
            </Form.Item>
            {id > 0 && notifyPath && (
              <Form.Item label={m.notifyAddress} extra={m.notifyAddressHint}>
                <Typography.Text copyable>{`${window.location.origin}${notifyPath}`}</Typography.Text>
              </Form.Item>
            )}
          </>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {m.save}
          </Button>
          <Button onClick={() => navigate('/paymentManage/channelList')}>{m.back}</Button>
        </Space>
      </Form>
    </Card>
  );
}
