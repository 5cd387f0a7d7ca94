import { App, Button, Space, Typography } from 'antd';
import { useT } from '../../i18n';
import { copyText } from '../../shell/convert/copy';

/**
 * Shows a secret the server answered once (a webhook's signing secret, a site's API key) with a copy button: after
 * this dialog nobody can read it again.
 */
export function useShowOnce() {
  const t = useT();
  const { modal, message } = App.useApp();
  return (o: { title: string; text: string; copy: string; secret: string; testId: string }) =>
    modal.info({
      title: o.title,
      width: 600,
      content: (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph>{o.text}</Typography.Paragraph>
          <Typography.Text code data-testid={o.testId}>
            {o.secret}
          </Typography.Text>
          <Button
            onClick={() =>
              copyText(o.secret).then(
                () => message.success({ content: t('common.copySuccess'), duration: 1.5 }),
                () => message.error(t('common.copyFail')),
              )
            }
          >
            {o.copy}
          </Button>
        </Space>
      ),
    });
}
