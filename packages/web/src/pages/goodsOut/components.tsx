import { useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Tag, Upload } from 'antd';
import { ExceptionType, PackageStatus } from '@waystation/shared/vocab/goods-out';
import { useLang } from '../../i18n';
import { uploadFile } from '../../warehouse/upload';
import { raiseException, useInvalidateGoodsOut } from './api';
import { useGoodsOutMessages } from './messages';
import { validValues } from '../../components/zodRule';
import { LiveText } from '../../components/LiveText';
import { vocabOptions } from '../../components/list/vocabOptions';

export const PACKAGE_COLOR: Record<string, string> = {
  pack_pretrial: 'gold',
  pack_pretrial_pass: 'cyan',
  pack_pretrial_fail: 'red',
  paying: 'default',
  paid: 'blue',
  remove_wait: 'orange',
  removing: 'orange',
  removed: 'geekblue',
  packing: 'blue',
  packed: 'purple',
  patch_wait: 'magenta',
  pending_launch: 'purple',
  wait_ship: 'lime',
  sorted: 'green',
  prepare_ship: 'green',
  shipped: 'success',
  received: 'success',
  exception: 'error',
  canceled: 'default',
  returned: 'default',
};

export function PackageStatusTag({ status }: { status: string }) {
  const lang = useLang((s) => s.lang);
  return (
    <Tag color={PACKAGE_COLOR[status]} data-testid="package-status">
      {PackageStatus.label(status, lang)}
    </Tag>
  );
}

/** Raise an exception on a package from any station: type, reason, photos. */
export function RaiseExceptionButton({ packageNo, onDone }: { packageNo: string; onDone?: () => void }) {
  const m = useGoodsOutMessages();
  const lang = useLang((s) => s.lang);
  const { message } = App.useApp();
  const invalidate = useInvalidateGoodsOut();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [photos, setPhotos] = useState<{ fileUri: string; fileUrl: string }[]>([]);
  const [form] = Form.useForm<{ type: string; reason: string }>();
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    setBusy(true);
    try {
      await raiseException({ packageNo, type: v.type, reason: v.reason, photos: photos.map((p) => p.fileUri) });
      message.success(m.raised);
      setOpen(false);
      await invalidate();
      onDone?.();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button danger onClick={() => setOpen(true)} data-testid="raise-exception">
        {m.raise}
      </Button>
      {open && (
        <Modal open title={`${m.raise} ${packageNo}`} onOk={submit} okButtonProps={{ loading: busy }} onCancel={() => setOpen(false)} destroyOnHidden>
          <Form form={form} layout="vertical" initialValues={{ type: 'item_damaged' }}>
            <Form.Item name="type" label={m.exType} rules={[{ required: true, message: <LiveText of={useGoodsOutMessages} k="exTypeRequired" /> }]}>
              <Select options={vocabOptions(ExceptionType, lang)} />
            </Form.Item>
            <Form.Item name="reason" label={m.exReason} rules={[{ required: true, whitespace: true, message: m.exReason }]}>
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
            <Form.Item label={m.photos}>
              <Upload
                listType="picture-card"
                accept="image/*"
                showUploadList={false}
                customRequest={async ({ file, onSuccess, onError }) => {
                  try {
                    const r = await uploadFile(file as File, 'exception');
                    setPhotos((p) => [...p, r]);
                    onSuccess?.(r);
                  } catch (e) {
                    onError?.(e as Error);
                  }
                }}
              >
                +
              </Upload>
              {photos.map((p) => (
                <img key={p.fileUri} src={p.fileUrl} width={64} height={64} style={{ objectFit: 'cover', marginRight: 4 }} alt="" />
              ))}
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
