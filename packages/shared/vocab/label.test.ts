import { describe, expect, it } from 'vitest';
import { NO_SPEC_TEXT, parseSpec, specString, volumeCm3 } from './label';

describe('label spec string (SPEC §3)', () => {
  it('splits at the first colon only', () => {
    expect(parseSpec('颜色:白色')).toEqual({ label: '颜色', value: '白色' });
    expect(parseSpec('时间:10:30')).toEqual({ label: '时间', value: '10:30' });
    expect(parseSpec('均码')).toEqual({ label: '均码', value: '' });
    expect(parseSpec(':x')).toEqual({ label: '', value: 'x' });
  });
  it('joins props, or says there is no spec', () => {
    expect(specString([{ name: '颜色:白色' }, { name: '尺码:L' }])).toBe('颜色:白色; 尺码:L');
    expect(specString([{ name: '均码' }])).toBe('均码');
    expect(specString([])).toBe(NO_SPEC_TEXT);
    expect(specString(undefined)).toBe('该商品暂无规格');
    expect(specString([{ name: '' }])).toBe(NO_SPEC_TEXT);
  });
  it('rounds the volume up to whole cm³', () => {
    expect(volumeCm3(100, 100, 100)).toBe(1000);
    expect(volumeCm3(1, 1, 1)).toBe(1);
    expect(volumeCm3(0, 10, 10)).toBe(0);
  });
});
