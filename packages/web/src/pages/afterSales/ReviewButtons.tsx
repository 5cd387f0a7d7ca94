import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import type { ReviewResult } from '@waystation/shared/machines/refund';
import { useT } from '../../i18n';
import { useAfterSalesMessages } from './messages';
import { validValues } from '../../components/zodRule';

/**
 * Approve (after a confirmation) or reject (with a reason). `onReview` runs the verified call and resolves
 * undefined when the operator cancelled the verification.
 */
export function ReviewButtons({ confirmText, onReview }: { confirmText: string; onReview(result: ReviewResult, remark: string): Promise<unknown> }) {
  const m = useAfterSalesMessages();
  const t = useT();
  const { modal } = App.useApp();
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ remark: string }>();
  return (
    <Space>
      <Button
        type="primary"
        size="small"
        onClick={() =>
          modal.confirm({
            title: m.pass,
            content: confirmText,
            okText: t('common.confirm'),
            cancelText: t('common.cancel'),
            // Not awaited: the confirmation closes and the verify dialog (if any) takes over.
            onOk: () => void onReview('REVIEW_SUCCESS', '').catch(() => undefined),
          })
        }
      >
        {m.pass}
      </Button>
      <Button danger size="small" onClick={() => setRejecting(true)}>
        {m.fail}
      </Button>
      <Modal
        open={rejecting}
        title={m.fail}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        destroyOnHidden
        onCancel={() => setRejecting(false)}
        onOk={async () => {
          const v = await validValues(form);
          if (!v) return;
          setRejecting(false);
          await onReview('REVIEW_FAIL', v.remark.trim()).catch(() => undefined);
        }}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="remark" label={m.failReason} rules={[{ required: true, whitespace: true, message: m.failReasonRequired }]}>
            <Input.TextArea maxLength={300} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
