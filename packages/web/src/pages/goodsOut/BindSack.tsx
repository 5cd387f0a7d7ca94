import { useState } from 'react';
import { App, Button, Card, Descriptions, Form, Input, Select, Space } from 'antd';
import { useNavigate } from 'react-router';
import type { Sack } from '@waystation/shared/contract/goodsOut/sorting';
import { fill } from '../../i18n';
import { useCountryOptions, useShipChannelOptions } from '../logistics/selectors';
import { PrintDriverStatus, PrintLabelButton } from '../../warehouse/PrintDriver';
import { bindSack, useInvalidateGoodsOut } from './api';
import { useGoodsOutMessages } from './messages';

/** warehouse/BindSack (highlights sortingOutStorage): bind a sack identity card to a channel and, optionally, one destination. */
export default function BindSack() {
  const m = useGoodsOutMessages();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const channels = useShipChannelOptions();
  // The destinations a channel can serve: the enabled countries of the reference data (logistics/getCountry).
  const countries = useCountryOptions();
  const invalidate = useInvalidateGoodsOut();
  const [form] = Form.useForm<{ code: string; channelId: number; countryCode?: string }>();
  const [bound, setBound] = useState<Sack | null>(null);
  const submit = async (v: { code: string; channelId: number; countryCode?: string }) => {
    const s = await bindSack({ code: v.code.trim().toUpperCase(), channelId: v.channelId, countryCode: v.countryCode ?? null });
    setBound(s);
    message.success(fill(m.bound, { code: s.code }));
    form.resetFields();
    await invalidate();
  };
  return (
    <Card title={m.bindSack} extra={<PrintDriverStatus />}>
      <Form form={form} layout="inline" onFinish={submit}>
        <Form.Item name="code" label={m.sackCode} rules={[{ required: true, pattern: /^[\x21-\x7e]+$/, message: m.sackCode }]}>
          <Input style={{ width: 180 }} autoFocus data-testid="sack-code" />
        </Form.Item>
        <Form.Item name="channelId" label={m.channel} rules={[{ required: true, message: m.channel }]}>
          <Select style={{ width: 180 }} options={channels.options} data-testid="sack-channel" />
        </Form.Item>
        <Form.Item name="countryCode" label={m.country}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 220 }}
            placeholder={m.anyCountry}
            loading={countries.loading}
            options={countries.options}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="bind-submit">
              {m.bindSack}
            </Button>
            <Button onClick={() => navigate('/WarehouseManage/sortingOutStorage?tab=sacks')}>{m.sacks}</Button>
          </Space>
        </Form.Item>
      </Form>
      {bound && (
        <Descriptions size="small" style={{ marginTop: 16 }} bordered column={4} data-testid="bound-sack">
          <Descriptions.Item label={m.sackCode}>{bound.code}</Descriptions.Item>
          <Descriptions.Item label={m.channel}>{bound.channelName}</Descriptions.Item>
          <Descriptions.Item label={m.country}>{bound.countryCode ?? m.anyCountry}</Descriptions.Item>
          <Descriptions.Item label={m.label}>
            <PrintLabelButton station="sorting" url={bound.labelUrl} />
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
