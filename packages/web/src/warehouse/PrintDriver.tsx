import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Input, Space, Tag } from 'antd';
import { CONNECT_GRACE_MS, connectDriver, pairDriver, DRIVER_DOWNLOAD_URL, printInBrowser, printViaDriver, usePrintDriver } from './printDriver';
import { useScanMessages } from './messages';
import { cue } from './voice';

/**
 * The print driver's state on a station. Connects on mount; not connected 1 s later → the SPEC §8 notice
 * 客户端未连接 with a download link, as a banner: a notice never takes the focus from the scan box.
 */
export function PrintDriverStatus() {
  const m = useScanMessages();
  const status = usePrintDriver((s) => s.status);
  const [late, setLate] = useState(false);
  useEffect(() => {
    void connectDriver();
    const timer = setTimeout(() => setLate(true), CONNECT_GRACE_MS);
    return () => clearTimeout(timer);
  }, []);
  if (status === 'connected') return <Tag color="green">{m.driverConnected}</Tag>;
  if (!late) return <Tag>{m.driverOffline}</Tag>;
  return (
    <Alert
      type="warning"
      showIcon
      className="driver-banner"
      data-testid="driver-alert"
      title={
        <span>
          <b>{m.driverTitle}</b>：{m.driverText}{' '}
          <a href={DRIVER_DOWNLOAD_URL} download tabIndex={-1}>
            {m.driverDownload}
          </a>{' '}
          <PairDriver />
        </span>
      }
    />
  );
}

/** Typing (or scanning) the pairing code the driver printed at its first start, once per browser. */
function PairDriver() {
  const m = useScanMessages();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  if (!open) {
    return (
      <Button size="small" type="link" onClick={() => setOpen(true)} data-testid="pair-driver">
        {m.pair}
      </Button>
    );
  }
  const pair = async () => {
    if (!code.trim()) return;
    setBusy(true);
    try {
      if (await pairDriver(code)) {
        message.success(m.paired);
        setOpen(false);
      } else message.error(m.pairFailed, 6);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space.Compact size="small">
      <Input
        size="small"
        autoFocus
        placeholder="XXXX-XXXX-XXXX"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        onPressEnter={() => void pair()}
        style={{ width: 160 }}
        data-testid="pairing-code"
      />
      <Button size="small" type="primary" loading={busy} onClick={() => void pair()}>
        {m.pair}
      </Button>
    </Space.Compact>
  );
}

/** Prints a label: through the driver when it is connected, else with the browser's print dialog. */
export function PrintLabelButton({
  station,
  url,
  auto,
  hotkey,
}: {
  station: string;
  url: string | null | undefined;
  auto?: boolean /** F2 prints this label (one per screen). */;
  hotkey?: boolean;
}) {
  const m = useScanMessages();
  const { message } = App.useApp();
  const status = usePrintDriver((s) => s.status);
  const [busy, setBusy] = useState(false);
  const print = async () => {
    if (!url) return;
    setBusy(true);
    try {
      if (usePrintDriver.getState().status === 'connected') {
        const r = await printViaDriver(url);
        if (r.ok) {
          cue(station, 'print');
          message.success(m.printSent);
        } else message.error(`${m.printFailed}：${r.message}`, 5);
      } else {
        await printInBrowser(url);
        cue(station, 'print');
      }
    } catch (e) {
      message.error(`${m.printFailed}：${(e as Error).message}`, 5);
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    if (auto && url && usePrintDriver.getState().status === 'connected') void print();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auto, url]);
  const printRef = useRef(print);
  printRef.current = print;
  useEffect(() => {
    if (!hotkey) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F2') return;
      e.preventDefault();
      void printRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hotkey]);
  return (
    <Space>
      <Button type="primary" onClick={() => void print()} loading={busy} disabled={!url} data-testid="print-label">
        {status === 'connected' ? m.print : m.browserPrint}
        {hotkey && ' (F2)'}
      </Button>
      {url && (
        <a href={url} target="_blank" rel="noreferrer" data-testid="label-link">
          PDF
        </a>
      )}
    </Space>
  );
}
