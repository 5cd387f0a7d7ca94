import { useState } from 'react';
import { Button, Card, Progress, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { PACKAGE_CODE } from '@waystation/shared/vocab/goods-out';
import { fill } from '../../i18n';
import { ScanInput, type ScanOutcome } from '../../warehouse/ScanInput';
import { removalScan, useInvalidateGoodsOut } from './api';
import { useGoodsOutMessages } from './messages';

/**
 * warehouse/OutShelves: the removal station. Scan items off their shelves (a package no. first locks the station to
 * that package, so another package's item is refused); the last item of a package makes it removed.
 */
export default function OutShelves() {
  const m = useGoodsOutMessages();
  const navigate = useNavigate();
  const invalidate = useInvalidateGoodsOut();
  const [current, setCurrent] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ no: string; done: number; total: number } | null>(null);

  const onScan = async (raw: string): Promise<ScanOutcome> => {
    const code = raw.toUpperCase();
    if (PACKAGE_CODE.test(code)) {
      setCurrent(code);
      return { tone: 'info', text: `${m.currentPackage} ${code}`, say: m.currentPackage };
    }
    const r = await removalScan({ itemCode: code, packageNo: current ?? undefined });
    setProgress({ no: r.packageNo, done: r.removedCount, total: r.itemCount });
    void invalidate();
    if (r.repeated) return { tone: 'warning', text: `${m.repeated}（${r.packageNo} ${r.removedCount}/${r.itemCount}）`, clip: 'fail', say: m.repeated };
    if (r.status === 'removed') {
      setCurrent(null);
      const text = fill(m.removedAll, { no: r.packageNo });
      return { tone: 'success', text, clip: 'success', say: text };
    }
    const text = `${fill(m.removedOne, { done: r.removedCount, total: r.itemCount })} ${r.shelfCode}`;
    return { tone: 'success', text, clip: 'success', say: fill(m.removedOne, { done: r.removedCount, total: r.itemCount }) };
  };

  return (
    <Card
      extra={
        <Button onClick={() => navigate('/WarehouseManage/packagesOutShelves/controlOutShelves')} data-testid="pick-list-link">
          {m.pickList}
        </Button>
      }
    >
      <ScanInput station="removal" placeholder={m.removalPlaceholder} onScan={onScan}>
        <Space size="large">
          <span>
            {m.currentPackage}：
            <Typography.Text strong className="scan-big" data-testid="current-package">
              {current ?? '-'}
            </Typography.Text>
          </span>
          {current && <Button onClick={() => setCurrent(null)}>{m.clearPackage}</Button>}
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
    </Card>
  );
}
