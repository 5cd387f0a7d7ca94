import { useSearchParams } from 'react-router';
import { Select, Space } from 'antd';
import { useShipInit } from './api';

/** The channel a sub-page works on, kept in the URL (?channelId=), with a selector to switch. */
export function useChannelParam(): [number, (id: number) => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('channelId')) || 0;
  return [id, (next) => setParams({ channelId: String(next) })];
}

export function ChannelPicker({ value, onChange }: { value: number; onChange: (id: number) => void }) {
  const init = useShipInit();
  return (
    <Space>
      <span>物流渠道</span>
      <Select
        style={{ width: 260 }}
        showSearch
        optionFilterProp="label"
        placeholder="请选择渠道"
        value={value || undefined}
        onChange={onChange}
        loading={init.isLoading}
        aria-label="物流渠道"
        options={init.data?.channels.map((c) => ({ value: c.id, label: `${c.name}（${c.code}）` }))}
      />
    </Space>
  );
}
