import { Space } from 'antd';
import { TipsEntryEditor } from './TipsConfigEditor';

/** The agent terminal's share page: share title, text and poster, saved as tips of appId 2. */
export default function AgentBackendConfigShare() {
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <TipsEntryEditor appId={2} tipsKey="shareTitle" title="分享标题" withImages={false} />
      <TipsEntryEditor appId={2} tipsKey="shareText" title="分享文案" withImages={false} />
      <TipsEntryEditor appId={2} tipsKey="sharePoster" title="分享海报" />
    </Space>
  );
}
