import { defineMessages } from '../../i18n';

export const useConfigMessages = defineMessages(
  {
    agentBackendConfig: '代理端配置',
    shareTitle: '分享标题',
    shareText: '分享文案',
    sharePoster: '分享海报',
    remove: '删除',
    uploadImage: '上传图片',
  },
  {
    agentBackendConfig: 'Agent terminal settings',
    shareTitle: 'Share title',
    shareText: 'Share text',
    sharePoster: 'Share poster',
    remove: 'Remove',
    uploadImage: 'Upload image',
  },
);
