import { useState } from 'react';
import { Card, Descriptions, Space, Typography } from 'antd';
import type { ScannedItem } from '@waystation/shared/contract/warehouse';
import { PurchaseStatus } from '@waystation/shared/vocab/goods-in';
import { purchaseMachine } from '@waystation/shared/machines/purchase-order';
import { specString } from '@waystation/shared/vocab/label';
import { fill, useLang } from '../../i18n';
import { ScanInput, type ScanOutcome } from '../../warehouse/ScanInput';
import { moveItem, shelve, shelvingScan, useInvalidateGoods } from './api';
import { StatusTag } from '../purchase/PurchaseListView';
import { useStationMessages } from './messages';

const STATION = 'shelving';
/** Item label codes; anything else scanned while an item waits is taken as a shelf location. */
const ITEM_CODE = /^WI\d{8,}$/i;

/** warehouse/Shelving: scan an item, then its shelf location → shelved. The location suggestion keeps a member's goods together. */
export default function Shelving() {
  const m = useStationMessages();
  const lang = useLang((s) => s.lang);
  const [item, setItem] = useState<ScannedItem | null>(null);
  /** A location other than the suggested one, scanned once: the same scan again confirms it. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const invalidate = useInvalidateGoods();

  const onScan = async (code: string): Promise<ScanOutcome> => {
    if (ITEM_CODE.test(code) || !item) {
      if (!ITEM_CODE.test(code)) return { tone: 'error', text: m.scanItemFirst, clip: 'fail', say: m.scanItemFirst };
      const r = await shelvingScan(code);
      setItem(r);
      setUnconfirmed(null);
      // The station switches on what the server says may be done next (包裹详情's actions), not on status strings.
      if (r.actions.includes('move') && r.item.shelfCode) {
        const text = fill(m.movePrompt, { code: r.item.shelfCode });
        return { tone: 'info', text, say: text };
      }
      if (!r.actions.includes('shelve') && purchaseMachine.toStatuses('shelve').includes(r.status))
        return {
          tone: 'warning',
          text: fill(m.alreadyShelved, { code: r.item.shelfCode ?? '' }),
          clip: 'fail',
          say: fill(m.alreadyShelved, { code: r.item.shelfCode ?? '' }),
        };
      if (!r.actions.includes('shelve')) {
        const text = fill(m.notForShelving, { status: PurchaseStatus.label(r.status, lang) });
        return { tone: 'error', text, clip: 'fail', say: text };
      }
      return {
        tone: 'info',
        text: `${m.suggested} ${r.suggestedLocation ?? '-'}`,
        say: r.suggestedLocation ? `${m.suggested} ${r.suggestedLocation}` : m.scanLocation,
      };
    }
    const location = code.toUpperCase();
    if (item.actions.includes('move')) {
      const r = await moveItem(item.item.itemCode, location);
      setItem(null);
      void invalidate();
      const text = r.repeated ? fill(m.alreadyShelved, { code: r.shelfCode ?? '' }) : fill(m.moved, { from: item.item.shelfCode ?? '', to: r.shelfCode ?? '' });
      return { tone: r.repeated ? 'warning' : 'success', text, clip: 'shelvingSuccess', say: text };
    }
    if (item.suggestedLocation && location !== item.suggestedLocation.toUpperCase() && unconfirmed !== location) {
      setUnconfirmed(location);
      const text = fill(m.otherLocation, { code: location, suggested: item.suggestedLocation });
      return { tone: 'warning', text, clip: 'fail', say: m.otherLocationVoice, expectRepeat: true };
    }
    const r = await shelve(item.item.itemCode, code);
    setItem(null);
    setUnconfirmed(null);
    void invalidate();
    const text = r.repeated ? `${m.repeated}（${r.shelfCode}）` : `${m.shelved} ${r.shelfCode}`;
    return { tone: r.repeated ? 'warning' : 'success', text, clip: 'shelvingSuccess', say: text };
  };

  return (
    <Card>
      <ScanInput station={STATION} placeholder={m.shelvingPlaceholder} onScan={onScan} work="shelving">
        {item && (
          <Card
            size="small"
            data-testid="shelving-item"
            title={
              <Space>
                <span className="scan-big">{item.item.quickCode.join(' ')}</span>
                <StatusTag status={item.status} />
              </Space>
            }
          >
            <Descriptions size="small" column={2}>
              <Descriptions.Item label={m.item}>{item.title}</Descriptions.Item>
              <Descriptions.Item label={m.spec}>{specString(item.propsList)}</Descriptions.Item>
              <Descriptions.Item label="No.">{item.item.itemCode}</Descriptions.Item>
              <Descriptions.Item label={item.actions.includes('move') ? m.currentLocation : m.suggested}>
                <Typography.Text strong className="scan-big" data-testid="suggested">
                  {item.suggestedLocation ?? '-'}
                </Typography.Text>
              </Descriptions.Item>
            </Descriptions>
            {item.actions.includes('shelve') && <Typography.Text type="secondary">{m.scanLocation}</Typography.Text>}
            {item.actions.includes('move') && <Typography.Text type="secondary">{fill(m.movePrompt, { code: item.item.shelfCode ?? '' })}</Typography.Text>}
          </Card>
        )}
      </ScanInput>
    </Card>
  );
}
