import { useState } from 'react';
import { App, Button, Input, Modal, Radio, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { userCodeToUserId, userIdToUserCode } from '../../api/user';
import { useT } from '../../i18n';
import { copyText } from './copy';

type Direction = 'idToCode' | 'codeToId';

/** Header tool (SPEC §2/§5/§8): user ID ⇄ user code, with copy (opened from the header's button). */
export default function ConvertDialog({ onClose }: { onClose(): void }) {
  const t = useT();
  const { message } = App.useApp();
  const [direction, setDirection] = useState<Direction>('idToCode');
  const [input, setInput] = useState('');
  const [result, setResult] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const convert = async () => {
    const value = input.trim();
    if (!value) {
      message.error(t('convert.required'));
      return;
    }
    setLoading(true);
    setResult(null);
    try {
      const out = direction === 'idToCode' ? await userIdToUserCode(value) : await userCodeToUserId(value);
      if (out === null || out === undefined || out === '') {
        message.warning(t('convert.notFound'));
      } else {
        setResult(String(out));
        message.success(t('convert.success'));
      }
    } catch {
      // SPEC §8: request failures are swallowed here (the request layer already said what the server said).
    } finally {
      setLoading(false);
    }
  };

  const copy = async () => {
    if (result === null) return;
    try {
      await copyText(result);
      message.success({ content: t('common.copySuccess'), duration: 1.5 });
    } catch {
      message.error(t('common.copyFail'));
    }
  };

  return (
    <Modal open title={t('convert.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Radio.Group
          value={direction}
          onChange={(e) => {
            setDirection(e.target.value as Direction);
            setResult(null);
          }}
          options={[
            { value: 'idToCode', label: t('convert.idToCode') },
            { value: 'codeToId', label: t('convert.codeToId') },
          ]}
        />
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label={direction === 'idToCode' ? t('convert.userId') : t('convert.userCode')}
            placeholder={direction === 'idToCode' ? t('convert.userId') : t('convert.userCode')}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            onPressEnter={convert}
            autoFocus
          />
          <Button type="primary" loading={loading} onClick={convert}>
            {t('convert.submit')}
          </Button>
        </Space.Compact>
        {result !== null && (
          <Space>
            <Typography.Text>{t('convert.result')}:</Typography.Text>
            <Typography.Text strong data-testid="convert-result">
              {result}
            </Typography.Text>
            <Button size="small" icon={<CopyOutlined />} onClick={copy}>
              {t('convert.copy')}
            </Button>
          </Space>
        )}
      </Space>
    </Modal>
  );
}
