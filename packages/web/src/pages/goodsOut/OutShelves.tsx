import { useRef, useState } from 'react';
import { Button, Card, List, Progress, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RemovalPackage } from '@waystation/shared/contract/goodsOut/stations';
import { PACKAGE_CODE, PackageStatus } from '@waystation/shared/vocab/goods-out';
import { specString } from '@waystation/shared/vocab/label';
import { fill, useLang } from '../../i18n';
import { ScanInput, type ScanOutcome } from '../../warehouse/ScanInput';
import { isUndelivered } from '../../warehouse/pendingScans';
import { fetchRemovalPackage, goodsOutKeys, removalScan, useInvalidateGoodsOut } from './api';
import { PackageStatusTag } from './components';
import { useGoodsOutMessages } from './messages';

/** The package still has items to take off: the server's actions (what may be done next) include a removal step. */
const removable = (actions: readonly string[]) => actions.includes('remove_start') || actions.includes('remove_done');

/** The shown package's items in pick order (location code), each picked or not yet, the next one to pick marked. */
function PickPanel({ pkg }: { pkg: RemovalPackage }) {
  const m = useGoodsOutMessages();
  const done = pkg.items.filter((i) => i.removed).length;
  const next = pkg.items.find((i) => !i.removed)?.itemCode;
  return (
    <Card
      size="small"
      data-testid="pick-panel"
      title={
        <Space size={4} wrap>
          <span>{m.pickOrder}</span>
          <Typography.Text strong data-testid="pick-panel-package">
            {pkg.packageNo}
          </Typography.Text>
          <PackageStatusTag status={pkg.status} />
        </Space>
      }
      extra={<span data-testid="pick-panel-count">{fill(m.removedOf, { done, total: pkg.items.length })}</span>}
    >
      <Typography.Text type="secondary">
        {pkg.userCode} · {pkg.channelName} · {pkg.countryCode}
      </Typography.Text>
      <List
        size="small"
        dataSource={pkg.items}
        renderItem={(i) => (
          <List.Item data-testid="pick-line" data-removed={i.removed} className={i.removed ? 'scan-log-success' : undefined}>
            <Space orientation="vertical" size={0} style={{ width: '100%' }}>
              <Space>
                <span>{i.removed ? '✅' : i.itemCode === next ? '👉' : '⬜'}</span>
                <Typography.Text strong style={{ fontSize: 18 }} data-testid="pick-line-shelf">
                  {i.shelfCode || '-'}
                </Typography.Text>
                <Tag color={i.removed ? 'green' : 'orange'} data-testid="pick-line-state">
                  {i.removed ? m.removed : m.toPick}
                </Tag>
              </Space>
              <Space size={6}>
                <span data-testid="pick-line-item">{i.itemCode}</span>
                <b>{i.quickCode.join(' ')}</b>
              </Space>
              <Typography.Text ellipsis style={{ maxWidth: 280 }} type="secondary">
                {i.title} {specString(i.propsList)}
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}

/**
 * warehouse/OutShelves: the removal station. Scan items off their shelves (a package no. first locks the station to
 * that package, so another package's item is refused); the last item of a package makes it removed. Beside the scan
 * box the package's items are listed in pick order with their locations, each ticked as it is scanned.
 */
export default function OutShelves() {
  const m = useGoodsOutMessages();
  const lang = useLang((s) => s.lang);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const invalidate = useInvalidateGoodsOut();
  const [current, setCurrent] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ no: string; done: number; total: number } | null>(null);
  // The locked package as scans are made (not as answers come back): an item scan kept while the network is down is
  // delivered with the package that was locked when it was scanned.
  const locked = useRef<string | null>(null);
  const shownPackage = useQuery({
    queryKey: goodsOutKeys.removalPackage(shown ?? ''),
    queryFn: () => fetchRemovalPackage(shown ?? ''),
    enabled: !!shown,
  });

  const unlock = (no: string) => {
    if (locked.current === no) locked.current = null;
    setCurrent((c) => (c === no ? null : c));
  };
  const contextOf = (raw: string) => {
    const code = raw.toUpperCase();
    if (PACKAGE_CODE.test(code)) locked.current = code;
    else return locked.current ?? undefined;
  };

  const lockPackage = async (code: string): Promise<ScanOutcome> => {
    let pkg: RemovalPackage;
    try {
      pkg = await qc.fetchQuery({ queryKey: goodsOutKeys.removalPackage(code), queryFn: () => fetchRemovalPackage(code), staleTime: 0 });
    } catch (e) {
      if (!isUndelivered(e)) unlock(code);
      throw e;
    }
    setShown(pkg.packageNo);
    setProgress(null);
    if (!removable(pkg.actions)) {
      unlock(code);
      const text = fill(m.notRemovable, { no: pkg.packageNo, status: PackageStatus.label(pkg.status, lang) });
      return { tone: 'warning', text, clip: 'fail', say: text };
    }
    setCurrent(pkg.packageNo);
    return { tone: 'info', text: fill(m.locked, { no: pkg.packageNo, n: pkg.items.length }), say: m.currentPackage };
  };

  const onScan = async (raw: string, packageNo?: string): Promise<ScanOutcome> => {
    const code = raw.toUpperCase();
    if (PACKAGE_CODE.test(code)) return lockPackage(code);
    const r = await removalScan({ itemCode: code, packageNo });
    // The item is ticked at once; the refetch that follows reads the same from the server.
    qc.setQueryData<RemovalPackage>(goodsOutKeys.removalPackage(r.packageNo), (old) =>
      old ? { ...old, status: r.status, actions: r.actions, items: old.items.map((i) => (i.itemCode === r.itemCode ? { ...i, removed: true } : i)) } : old,
    );
    setShown(r.packageNo);
    setProgress({ no: r.packageNo, done: r.removedCount, total: r.itemCount });
    void invalidate();
    if (r.repeated) return { tone: 'warning', text: `${m.repeated}（${r.packageNo} ${r.removedCount}/${r.itemCount}）`, clip: 'fail', say: m.repeated };
    if (!removable(r.actions)) {
      unlock(r.packageNo);
      const text = fill(m.removedAll, { no: r.packageNo });
      return { tone: 'success', text, clip: 'success', say: text };
    }
    const text = `${fill(m.removedOne, { done: r.removedCount, total: r.itemCount })} ${r.shelfCode}`;
    return { tone: 'success', text, clip: 'success', say: fill(m.removedOne, { done: r.removedCount, total: r.itemCount }) };
  };

  const clear = () => {
    locked.current = null;
    setCurrent(null);
    setShown(null);
    setProgress(null);
  };

  return (
    <Card
      extra={
        <Button onClick={() => navigate('/WarehouseManage/packagesOutShelves/controlOutShelves')} data-testid="pick-list-link">
          {m.pickList}
        </Button>
      }
    >
      <div className="scan-kit-with-work">
        <ScanInput station="removal" placeholder={m.removalPlaceholder} onScan={onScan} contextOf={contextOf}>
          <Space size="large">
            <span>
              {m.currentPackage}：
              <Typography.Text strong className="scan-big" data-testid="current-package">
                {current ?? '-'}
              </Typography.Text>
            </span>
            {(current || shown) && <Button onClick={clear}>{m.clearPackage}</Button>}
            {progress && (
              <span data-testid="removal-progress">
                {progress.no}{' '}
                <Progress
                  type="circle"
                  size={48}
                  percent={Math.round((progress.done / progress.total) * 100)}
                  format={() => `${progress.done}/${progress.total}`}
                />
              </span>
            )}
          </Space>
        </ScanInput>
        {shown && shownPackage.data && <PickPanel pkg={shownPackage.data} />}
      </div>
    </Card>
  );
}
