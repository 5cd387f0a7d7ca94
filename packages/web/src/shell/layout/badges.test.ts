import { describe, expect, it, vi } from 'vitest';

vi.mock('../../api/badge', () => ({ getTaskNum: vi.fn() }));
vi.mock('../../api/token', () => ({ sessionMarker: () => undefined }));

const { badgeCount, badgeText } = await import('./badges');

describe('menu badges (SPEC §3/§9)', () => {
  it('null until loaded, missing fields are 0', () => {
    expect(badgeCount(undefined, 'purchase_wait')).toBeNull();
    expect(badgeCount({}, 'purchase_wait')).toBe(0);
    expect(badgeCount({ waitPurchaseNum: 4, waitSortNum: 2 }, 'sort_wait')).toBe(2);
    expect(badgeCount({ packPretrialNum: 9 }, 'pack_wait_audit')).toBe(9);
  });

  it('99+ above 99, nothing at 0 or before loading', () => {
    expect(badgeText(null)).toBeNull();
    expect(badgeText(0)).toBeNull();
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
