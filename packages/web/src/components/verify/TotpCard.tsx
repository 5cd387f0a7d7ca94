import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Image, Input, Modal, Space, Tag, Typography } from 'antd';
import type { TotpSetupResult } from '@waystation/shared/contract/verification';
import { useT } from '../../i18n';
import { showFieldErrors, validValues } from '../zodRule';
import { confirmTotp, fetchTotpStatus, removeTotp, setupTotp } from './api';
import { useVerifyMessages } from './messages';

/** Profile page: link or unlink the caller's authenticator app (TOTP) with a QR code. */
export function TotpCard() {
  const m = useVerifyMessages();
  const t = useT();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const status = useQuery({ queryKey: ['verify', 'totp'], queryFn: fetchTotpStatus });
  const [setup, setSetup] = useState<TotpSetupResult | null>(null);
  const [removing, setRemoving] = useState(false);
  const [form] = Form.useForm<{ code: string }>();
  const start = useMutation({ mutationFn: setupTotp, onSuccess: (r) => setSetup(r) });

  const finish = async (action: (code: string) => Promise<unknown>) => {
    const values = await validValues(form);
    if (!values) return;
    const { code } = values;
    try {
      await action(code.trim());
      message.success(t('common.success'));
      setSetup(null);
      setRemoving(false);
      form.resetFields();
      await qc.invalidateQueries({ queryKey: ['verify', 'totp'] });
    } catch (e) {
      showFieldErrors(form, e);
    }
  };

  const codeItem = (
    <Form form={form} layout="vertical">
      <Form.Item name="code" label={m.code} rules={[{ required: true, pattern: /^\d{6}$/, message: m.codeInvalid }]}>
        <Input inputMode="numeric" maxLength={6} placeholder={m.codePlaceholder} autoComplete="one-time-code" />
      </Form.Item>
    </Form>
  );

  return (
    <Card title={m.totpTitle} size="small" loading={status.isLoading}>
      {status.data?.enrolled ? (
        <Space>
          <Tag color="green">{m.totpEnrolled}</Tag>
          <Button danger onClick={() => setRemoving(true)}>
            {m.totpRemove}
          </Button>
        </Space>
      ) : (
        <Space direction="vertical">
          <Typography.Text type="secondary">{m.totpNone}</Typography.Text>
          <Button type="primary" loading={start.isPending} onClick={() => start.mutate()}>
            {m.totpStart}
          </Button>
        </Space>
      )}
      <Modal open={!!setup} title={m.totpStart} okText={m.totpConfirm} onOk={() => finish(confirmTotp)} onCancel={() => setSetup(null)} destroyOnHidden>
        {setup && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Paragraph>{m.totpScan}</Typography.Paragraph>
            <Image src={setup.qrDataUrl} alt="QR" width={200} preview={false} />
            <Typography.Text>
              {m.totpSecret}:{' '}
              <Typography.Text code copyable>
                {setup.secret}
              </Typography.Text>
            </Typography.Text>
            {codeItem}
          </Space>
        )}
      </Modal>
      <Modal
        open={removing}
        title={m.totpRemoveTitle}
        okText={m.totpRemove}
        okButtonProps={{ danger: true }}
        onOk={() => finish(removeTotp)}
        onCancel={() => setRemoving(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{m.totpRemoveHint}</Typography.Paragraph>
        {codeItem}
      </Modal>
    </Card>
  );
}
