import { useEffect, useState } from 'react';
import { App, Button, Card, Input, Space, Switch, Table } from 'antd';
import { DECIMAL_2, RuleMessage } from '@waystation/shared/rules';
import { minorToDecimal } from '@waystation/shared/contract/reference';
import { ItemAttr } from '@waystation/shared/vocab/config-content';
import { useBindAttrs, useChannel, useChannelAttrs } from './api';
import { ChannelPicker, useChannelParam } from './ChannelPicker';
import { useLogisticsMessages } from './messages';
import { fill, useLang } from '../../i18n';

interface Row {
  attr: (typeof ItemAttr.values)[number];
  allowed: boolean;
  surcharge: string;
}

/** Which item attributes (battery, liquid …) a channel accepts, and the surcharge for each. */
export default function BindChannelAttr() {
  const m = useLogisticsMessages();
  const lang = useLang((s) => s.lang);
  const { message } = App.useApp();
  const [channelId, setChannelId] = useChannelParam();
  const channel = useChannel(channelId);
  const attrs = useChannelAttrs(channelId);
  const bind = useBindAttrs();
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    if (attrs.data) setRows(attrs.data.map((a) => ({ attr: a.attr, allowed: a.allowed, surcharge: minorToDecimal(a.surcharge) })));
  }, [attrs.data]);
  const invalid = rows.some((r) => !DECIMAL_2.test(r.surcharge));
  const update = (attr: string, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.attr === attr ? { ...r, ...patch } : r)));
  const save = async () => {
    await bind.mutateAsync({ channelId, attrs: rows.map((r) => ({ attr: r.attr, allowed: r.allowed, surcharge: r.surcharge })) });
    message.success(m.done);
  };
  return (
    <Card>
      <Space style={{ marginBottom: 16 }}>
        <ChannelPicker value={channelId} onChange={setChannelId} />
        {channel.data && <span>{fill(m.pricingCurrency, { currency: channel.data.currency })}</span>}
      </Space>
      <Table<Row>
        rowKey="attr"
        dataSource={rows}
        loading={attrs.isFetching}
        pagination={false}
        style={{ maxWidth: 640 }}
        columns={[
          { key: 'attr', title: m.attrs, render: (_, r) => ItemAttr.label(r.attr) },
          {
            key: 'allowed',
            title: m.accepted,
            render: (_, r) => (
              <Switch
                checked={r.allowed}
                checkedChildren={m.accept}
                unCheckedChildren={m.refuse}
                aria-label={fill(m.attrAccepted, { attr: ItemAttr.label(r.attr, lang) })}
                onChange={(v) => update(r.attr, { allowed: v })}
              />
            ),
          },
          {
            key: 'surcharge',
            title: m.surcharges,
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Input
                  style={{ width: 120 }}
                  value={r.surcharge}
                  disabled={!r.allowed}
                  status={DECIMAL_2.test(r.surcharge) ? undefined : 'error'}
                  aria-label={fill(m.attrSurcharge, { attr: ItemAttr.label(r.attr, lang) })}
                  onChange={(e) => update(r.attr, { surcharge: e.target.value.trim() })}
                />
                {!DECIMAL_2.test(r.surcharge) && <span style={{ color: '#ff4d4f' }}>{RuleMessage.decimal2}</span>}
              </Space>
            ),
          },
        ]}
      />
      <Button type="primary" style={{ marginTop: 16 }} disabled={!channelId || invalid} loading={bind.isPending} onClick={save}>
        {m.save}
      </Button>
    </Card>
  );
}
