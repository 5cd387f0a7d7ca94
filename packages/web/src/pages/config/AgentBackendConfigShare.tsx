import { Space } from 'antd';
import { TipsEntryEditor } from './TipsConfigEditor';
import { useConfigMessages } from './messages';

/** The agent terminal's share page: share title, text and poster, saved as tips of appId 2. */
export default function AgentBackendConfigShare() {
  const m = useConfigMessages();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <TipsEntryEditor appId={2} tipsKey="shareTitle" title={m.shareTitle} withImages={false} />
      <TipsEntryEditor appId={2} tipsKey="shareText" title={m.shareText} withImages={false} />
      <TipsEntryEditor appId={2} tipsKey="sharePoster" title={m.sharePoster} />
    </Space>
  );
}
