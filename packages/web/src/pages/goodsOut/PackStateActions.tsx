import { useState } from 'react';
import { App, Button, Form, Input, Modal } from 'antd';
import type { PackageDetail } from '@waystation/shared/contract/goodsOut/packages';
import { cancelPackage, pretrialFail, pretrialReopen, useInvalidateGoodsOut } from './api';
import { useGoodsOutMessages } from './messages';
import { showFieldErrors, validValues } from '../../components/zodRule';

type Action = 'fail' | 'reopen' | 'cancel';

/**
 * 包裹详情's way out of a stalled pack order, as the machine offers it to the caller: fail the pre-review (also after a
 * quote not yet paid), send a failed one back to pre-review, or cancel one not yet paid. Each asks for confirmation.
 * A package in an open exception is canceled from its exception page, which closes the exception too.
 */
export function PackStateActions({ d }: { d: PackageDetail }) {
  const m = useGoodsOutMessages();
  const { message } = App.useApp();
  const invalidate = useInvalidateGoodsOut();
  const [open, setOpen] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const offered: Action[] = [];
  // Pre-review's own pass/fail pair shows while the package waits for review: fail here only after a quote.
  if (d.actions.includes('pretrial_fail') && !d.actions.includes('pretrial_pass')) offered.push('fail');
  if (d.actions.includes('reopen')) offered.push('reopen');
  if (d.actions.includes('cancel') && d.exception?.status !== 'open') offered.push('cancel');
  if (!offered.length) return null;

  const label: Record<Action, string> = { fail: m.fail, reopen: m.reopen, cancel: m.cancelPack };
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    setBusy(true);
    try {
      if (open === 'fail') await pretrialFail({ id: d.id, reason: v.reason });
      if (open === 'reopen') await pretrialReopen({ id: d.id, note: v.note ?? '' });
      if (open === 'cancel') await cancelPackage({ id: d.id, reason: v.reason });
      message.success(m.done);
      setOpen(null);
      await invalidate();
    } catch (e) {
      showFieldErrors(form, e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {offered.map((a) => (
        <Button key={a} danger={a !== 'reopen'} onClick={() => setOpen(a)} data-testid={`pack-${a}`}>
          {label[a]}
        </Button>
      ))}
      {open && (
        <Modal
          open
          title={`${label[open]}（${d.packageNo}）`}
          onOk={submit}
          okText={m.confirm}
          okButtonProps={{ loading: busy, danger: open !== 'reopen' }}
          onCancel={() => setOpen(null)}
          destroyOnHidden
        >
          <p>{open === 'fail' ? m.failConfirm : open === 'reopen' ? m.reopenConfirm : m.cancelConfirm}</p>
          {/* Each dialog starts empty: a reason typed for one action is never sent with another. */}
          <Form form={form} layout="vertical" preserve={false}>
            {open === 'reopen' ? (
              <Form.Item name="note" label={m.note}>
                <Input maxLength={500} />
              </Form.Item>
            ) : (
              <Form.Item
                name="reason"
                label={open === 'fail' ? m.failReason : m.cancelReason}
                rules={[{ required: true, whitespace: true, message: open === 'fail' ? m.failReason : m.cancelReason }]}
              >
                <Input.TextArea rows={3} maxLength={500} />
              </Form.Item>
            )}
          </Form>
        </Modal>
      )}
    </>
  );
}
