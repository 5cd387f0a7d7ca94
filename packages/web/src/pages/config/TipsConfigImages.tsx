import { useState } from 'react';
import { App, Button, Image, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { ErrorCode } from '@waystation/shared/contract/common';
import { uploadImageCall } from '@waystation/shared/contract/upload';
import { sessionHeaders } from '../../api/token';
import { useConfigMessages } from './messages';

export interface Picture {
  fileUri: string;
  fileUrl: string;
}

/** uploadImageCall (POST, multipart, ?type=): SPEC §3 uploaded picture item. */
export async function uploadImage(file: File, type: string): Promise<Picture> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`${uploadImageCall.url}?type=${encodeURIComponent(type)}`, { method: 'POST', body: form, headers: sessionHeaders() });
  const body = (await res.json().catch(() => null)) as { code: number; message: string; data: Picture } | null;
  if (!body || body.code !== ErrorCode.OK) throw new Error(body?.message || `Request failed with status code ${res.status}`);
  return body.data;
}

/** A list of uploaded pictures with add and remove (texts' images, pop-ups, logos). */
export function ImagesField({ value = [], onChange, type, max = 9 }: { value?: Picture[]; onChange?: (v: Picture[]) => void; type: string; max?: number }) {
  const { message } = App.useApp();
  const m = useConfigMessages();
  const [busy, setBusy] = useState(false);
  return (
    <Space wrap align="start">
      {value.map((p, i) => (
        <Space key={p.fileUri} direction="vertical" size={4} align="center">
          <Image src={p.fileUrl} width={96} height={96} style={{ objectFit: 'cover' }} alt={p.fileUri} />
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onChange?.(value.filter((_, j) => j !== i))}>
            {m.remove}
          </Button>
        </Space>
      ))}
      {value.length < max && (
        <Upload
          accept="image/*"
          showUploadList={false}
          customRequest={async ({ file }) => {
            setBusy(true);
            try {
              const pic = await uploadImage(file as File, type);
              onChange?.([...value, pic]);
            } catch (e) {
              message.error((e as Error).message, 5);
            } finally {
              setBusy(false);
            }
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {m.uploadImage}
          </Button>
        </Upload>
      )}
    </Space>
  );
}
