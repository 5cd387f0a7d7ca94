import { useState } from 'react';
import { App, Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import type { CountFinishResult, CountLocationResult } from '@waystation/shared/contract/warehouse';
import { fill } from '../../i18n';
import type { ApiError } from '../../api/request';
import { ScanInput, type ScanOutcome } from '../../warehouse/ScanInput';
import { cue } from '../../warehouse/voice';
import { countLocation, finishCount, useInvalidateGoods } from './api';
import { useStationMessages } from './messages';

const STATION = 'shelfCount';
/** Item label codes; anything else is taken as a shelf location. */
const ITEM_CODE = /^WI\d{8,}$/i;

/**
 * warehouse/ShelfCount: scan a location, then every item on it; scanning the location again (or 完成盘点) closes the
 * count: what is missing is taken off the location, what is extra is recorded on it, and the result is shown.
 */
export default function ShelfCount() {
  const m = useStationMessages();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidateGoods();
  const [count, setCount] = useState<CountLocationResult | null>(null);
  const [scanned, setScanned] = useState<string[]>([]);
  const [result, setResult] = useState<CountFinishResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const submit = async (current: CountLocationResult, codes: string[]) => {
    setBusy(true);
    try {
      const r = await finishCount(current.locationCode, codes);
      setResult(r);
      setCount(null);
      setScanned([]);
      void invalidate();
      const text = fill(m.countDone, { code: r.locationCode, expected: r.expected, found: r.found, missing: r.missing.length, extra: r.extra.length });
      cue(STATION, r.missing.length ? 'fail' : 'success', text);
      message.success(text);
    } catch (e) {
      cue(STATION, 'fail', (e as ApiError).message);
      message.error((e as ApiError).message, 5);
    } finally {
      setBusy(false);
    }
  };

  /** Closes the count; with items not found, only after the worker confirms what that does. */
  const finish = (current: CountLocationResult, codes: string[]) => {
    const missing = current.items.filter((i) => !codes.includes(i.itemCode)).length;
    if (!missing) return void submit(current, codes);
    setConfirming(true);
    modal.confirm({
      title: m.countFinish,
      content: fill(m.countConfirm, { n: missing }),
      onOk: () => submit(current, codes),
      afterClose: () => setConfirming(false),
    });
  };

  const onScan = async (raw: string): Promise<ScanOutcome> => {
    const code = raw.toUpperCase();
    if (ITEM_CODE.test(code)) {
      if (!count) return { tone: 'error', text: m.countScanLocation, clip: 'fail', say: m.countScanLocation };
      if (scanned.includes(code)) return { tone: 'warning', text: `${code} ${m.repeated}`, clip: 'fail' };
      setScanned((s) => [...s, code]);
      if (count.items.some((i) => i.itemCode === code)) return { tone: 'success', text: fill(m.countFound, { code }), clip: 'success' };
      const text = fill(m.countExtra, { code });
      return { tone: 'warning', text, clip: 'fail', say: text };
    }
    if (count) {
      if (code === count.locationCode) {
        finish(count, scanned);
        return { tone: 'info', text: m.countFinish };
      }
      const text = fill(m.countOtherLocation, { code: count.locationCode });
      return { tone: 'warning', text, clip: 'fail', say: text };
    }
    const r = await countLocation(code);
    setCount(r);
    setScanned([]);
    setResult(null);
    const text = fill(m.countStarted, { code: r.locationCode, n: r.items.length });
    return { tone: 'info', text, say: text };
  };

  return (
    <Card>
      <ScanInput station={STATION} placeholder={m.countPlaceholder} onScan={onScan} paused={confirming}>
        {count && (
          <Card
            size="small"
            data-testid="count-location"
            title={
              <Space>
                <span className="scan-big">{count.locationCode}</span>
                <Tag>
                  {scanned.filter((c) => count.items.some((i) => i.itemCode === c)).length}/{count.items.length}
                </Tag>
              </Space>
            }
            extra={
              <Button type="primary" loading={busy} onClick={() => finish(count, scanned)} data-testid="count-finish">
                {m.countFinish}
              </Button>
            }
          >
            <List
              size="small"
              header={<b>{m.countExpected}</b>}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={m.countEmpty} /> }}
              dataSource={count.items}
              renderItem={(i) => (
                <List.Item data-testid="count-item" className={scanned.includes(i.itemCode) ? 'scan-log-success' : undefined}>
                  <Space>
                    {scanned.includes(i.itemCode) ? '✅' : '⬜'}
                    <span>{i.itemCode}</span>
                    <b>{i.quickCode.join(' ')}</b>
                    <span>{i.title}</span>
                    <Typography.Text type="secondary">{i.userCode}</Typography.Text>
                    {i.packageNo && <Tag>{i.packageNo}</Tag>}
                  </Space>
                </List.Item>
              )}
            />
            {scanned.some((c) => !count.items.some((i) => i.itemCode === c)) && (
              <Typography.Paragraph type="warning" data-testid="count-extra">
                {m.countExtraTitle}: {scanned.filter((c) => !count.items.some((i) => i.itemCode === c)).join(' ')}
              </Typography.Paragraph>
            )}
          </Card>
        )}
        {result && (
          <Card size="small" data-testid="count-result" title={result.locationCode}>
            <Typography.Paragraph>
              {fill(m.countDone, {
                code: result.locationCode,
                expected: result.expected,
                found: result.found,
                missing: result.missing.length,
                extra: result.extra.length,
              })}
            </Typography.Paragraph>
            {result.missing.length > 0 && (
              <Typography.Paragraph type="danger" data-testid="count-missing">
                {m.countMissing}: {result.missing.map((i) => (i.packageNo ? `${i.itemCode}（${i.packageNo}）` : i.itemCode)).join(' ')}
              </Typography.Paragraph>
            )}
            {result.extra.length > 0 && (
              <Typography.Paragraph type="warning">
                {m.countExtraTitle}: {result.extra.map((e) => `${e.itemCode}${e.from ? `（${e.from}）` : ''}`).join(' ')}
              </Typography.Paragraph>
            )}
            {result.unknown.length > 0 && (
              <Typography.Paragraph type="secondary">
                {m.countUnknown}: {result.unknown.join(' ')}
              </Typography.Paragraph>
            )}
          </Card>
        )}
      </ScanInput>
    </Card>
  );
}
