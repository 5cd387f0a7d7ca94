import { useState } from 'react';
import { App, Button, Card, Descriptions, Form, Image, Input, Modal, Select, Space, Upload } from 'antd';
import type { ScannedItem } from '@waystation/shared/contract/warehouse';
import { PurchaseStatus, QcProblem } from '@waystation/shared/vocab/goods-in';
import { specString } from '@waystation/shared/vocab/label';
import { fill, useLang } from '../../i18n';
import type { ApiError } from '../../api/request';
import { ScanInput, type ScanOutcome } from '../../warehouse/ScanInput';
import { PrintDriverStatus, PrintLabelButton } from '../../warehouse/PrintDriver';
import { cue } from '../../warehouse/voice';
import { uploadFile } from '../../warehouse/upload';
import { StatusTag } from '../purchase/PurchaseListView';
import { qcPhoto, qcProblem, qcScan, useInvalidateGoods } from './api';
import { useStationMessages } from './messages';
import { validValues } from '../../components/zodRule';
import { vocabOptions } from '../../components/list/vocabOptions';

const STATION = 'qc';
type Media = { fileUri: string; fileUrl: string; thumbUrl?: string; kind: 'image' | 'video' };

/** warehouse/QcPhoto: scan an item, take or upload photos/videos → stocking_photo; a problem puts the line on hold for the member. */
export default function QcPhoto() {
  const m = useStationMessages();
  const lang = useLang((s) => s.lang);
  const { message } = App.useApp();
  const [item, setItem] = useState<ScannedItem | null>(null);
  const [media, setMedia] = useState<Media[]>([]);
  const [uploading, setUploading] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problemOpen, setProblemOpen] = useState(false);
  const invalidate = useInvalidateGoods();

  const onScan = async (code: string): Promise<ScanOutcome> => {
    const r = await qcScan(code);
    setItem(r);
    setMedia(r.item.media);
    // The station switches on what the server says may be done next (包裹详情's actions), not on status strings.
    if (!r.actions.includes('photo')) {
      const text = fill(m.notForQc, { status: PurchaseStatus.label(r.status, lang) });
      return { tone: 'warning', text, clip: 'fail', say: text };
    }
    return { tone: 'info', text: `${m.scanned} ${r.title}`, say: r.item.quickCode.join(' ') };
  };

  const done = async (run: () => Promise<{ repeated: boolean }>, ok: string) => {
    setBusy(true);
    try {
      const r = await run();
      cue(STATION, 'success', r.repeated ? m.repeated : ok);
      message.success(r.repeated ? m.repeated : ok);
      setItem(null);
      setMedia([]);
      void invalidate();
    } catch (e) {
      cue(STATION, 'fail', (e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  const pass = () => {
    if (!item) return;
    const fresh = media.filter((f) => !item.item.media.some((x) => x.fileUri === f.fileUri));
    if (!fresh.length && !media.length) return void message.warning(m.needPhoto);
    void done(
      () =>
        qcPhoto(
          item.item.itemCode,
          (fresh.length ? fresh : media).map(({ fileUri, kind }) => ({ fileUri, kind })),
        ),
      m.qcPassVoice,
    );
  };

  return (
    <Card>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <PrintDriverStatus />
        <ScanInput station={STATION} placeholder={m.qcPlaceholder} onScan={onScan} paused={problemOpen} work="qc">
          {item && (
            <Card
              size="small"
              title={
                <Space>
                  <span className="scan-big">{item.item.quickCode.join(' ')}</span>
                  <StatusTag status={item.status} />
                </Space>
              }
              extra={<PrintLabelButton station={STATION} url={item.item.labelUrl} />}
            >
              <Descriptions size="small" column={2}>
                <Descriptions.Item label={m.item}>
                  {item.title} × {item.quantity}
                </Descriptions.Item>
                <Descriptions.Item label={m.spec}>{specString(item.propsList)}</Descriptions.Item>
                <Descriptions.Item label={m.memberRemark}>{item.memberRemark || '-'}</Descriptions.Item>
                <Descriptions.Item label="No.">
                  {item.purchaseNo} · {item.item.itemCode}
                </Descriptions.Item>
              </Descriptions>
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Image.PreviewGroup>
                  <Space wrap>
                    {media.map((f) =>
                      f.kind === 'image' ? (
                        <Image
                          key={f.fileUri}
                          src={f.thumbUrl ?? f.fileUrl}
                          preview={{ src: f.fileUrl }}
                          width={96}
                          height={96}
                          style={{ objectFit: 'cover' }}
                        />
                      ) : (
                        <video key={f.fileUri} src={f.fileUrl} width={160} controls />
                      ),
                    )}
                  </Space>
                </Image.PreviewGroup>
                {item.actions.includes('photo') && (
                  <Space wrap>
                    <Upload
                      accept="image/*,video/*"
                      multiple
                      showUploadList={false}
                      customRequest={async ({ file, onSuccess, onError }) => {
                        setUploading((n) => n + 1);
                        try {
                          const f = file as File;
                          const r = await uploadFile(f, 'qc');
                          setMedia((list) => [...list, { ...r, kind: f.type.startsWith('video') ? 'video' : 'image' }]);
                          onSuccess?.(r);
                        } catch (e) {
                          message.error((e as Error).message, 5);
                          onError?.(e as Error);
                        } finally {
                          setUploading((n) => n - 1);
                        }
                      }}
                    >
                      <Button loading={uploading > 0} data-testid="upload">
                        {m.upload}
                      </Button>
                    </Upload>
                    <Button type="primary" loading={busy} disabled={uploading > 0} onClick={pass} data-testid="qc-pass">
                      {m.qcPass}
                    </Button>
                    <Button danger onClick={() => setProblemOpen(true)} data-testid="qc-problem">
                      {m.qcProblem}
                    </Button>
                  </Space>
                )}
              </Space>
            </Card>
          )}
        </ScanInput>
      </Space>
      {problemOpen && item && (
        <ProblemDialog
          onCancel={() => setProblemOpen(false)}
          onOk={(v) => {
            setProblemOpen(false);
            void done(
              () =>
                qcProblem({
                  itemCode: item.item.itemCode,
                  problem: v.problem,
                  note: v.note?.trim() ?? '',
                  media: media.filter((f) => !item.item.media.some((x) => x.fileUri === f.fileUri)).map(({ fileUri, kind }) => ({ fileUri, kind })),
                }),
              m.qcHeldVoice,
            );
          }}
        />
      )}
    </Card>
  );
}

function ProblemDialog({ onOk, onCancel }: { onOk: (v: { problem: string; note?: string }) => void; onCancel: () => void }) {
  const m = useStationMessages();
  const lang = useLang((s) => s.lang);
  const [form] = Form.useForm<{ problem: string; note?: string }>();
  return (
    <Modal
      open
      title={m.qcProblem}
      onCancel={onCancel}
      onOk={async () => {
        const v = await validValues(form);
        if (v) onOk(v);
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="problem" label={m.problem} rules={[{ required: true, message: m.problem }]}>
          <Select options={vocabOptions(QcProblem, lang)} />
        </Form.Item>
        <Form.Item name="note" label={m.note}>
          <Input.TextArea maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
