import { useSearchParams } from 'react-router';
import { Select, Space } from 'antd';
import { useShipInit } from './api';
import { useLogisticsMessages } from './messages';

/** The channel a sub-page works on, kept in the URL (?channelId=), with a selector to switch. */
export function useChannelParam(): [number, (id: number) => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('channelId')) || 0;
  return [id, (next) => setParams({ channelId: String(next) })];
}

export function ChannelPicker({ value, onChange }: { value: number; onChange: (id: number) => void }) {
  const init = useShipInit();
  const m = useLogisticsMessages();
  return (
    <Space>
      <span>{m.channelPicker}</span>
      <Select
        style={{ width: 260 }}
        showSearch
        optionFilterProp="label"
        placeholder={m.channelPickerPlaceholder}
        value={value || undefined}
        onChange={onChange}
        loading={init.isLoading}
        aria-label={m.channelPicker}
        options={init.data?.channels.map((c) => ({ value: c.id, label: `${c.name}（${c.code}）` }))}
      />
    </Space>
  );
}
