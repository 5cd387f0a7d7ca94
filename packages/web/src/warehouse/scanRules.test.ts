import { describe, expect, it } from 'vitest';
import { isDuplicate, isScannable, looksScanned, MAX_SPEECH_LENGTH, shouldSpeak, ttsQuery } from './scanRules';

describe('scan kit rules', () => {
  it('takes printable ASCII only (a Chinese IME turns scans into other characters)', () => {
    expect(isScannable('SF1234567890')).toBe(true);
    expect(isScannable('A-01-02-03')).toBe(true);
    expect(isScannable('ＳＦ１２３')).toBe(false);
    expect(isScannable('扫描')).toBe(false);
    expect(isScannable('a b')).toBe(false);
  });
  it('drops the same code within 1.5 s as a duplicate read', () => {
    expect(isDuplicate(null, 'X', 0)).toBe(false);
    expect(isDuplicate({ code: 'X', at: 1000 }, 'X', 2000)).toBe(true);
    expect(isDuplicate({ code: 'X', at: 1000 }, 'X', 2600)).toBe(false);
    expect(isDuplicate({ code: 'X', at: 1000 }, 'Y', 1100)).toBe(false);
  });
});

describe('voice rules', () => {
  it('skips speech when muted, empty or over the maximum length', () => {
    expect(shouldSpeak('上架成功 A-01-01-01', false)).toBe(true);
    expect(shouldSpeak('上架成功', true)).toBe(false);
    expect(shouldSpeak('', false)).toBe(false);
    expect(shouldSpeak('长'.repeat(MAX_SPEECH_LENGTH), false)).toBe(true);
    expect(shouldSpeak('长'.repeat(MAX_SPEECH_LENGTH + 1), false)).toBe(false);
  });
  it('asks the provider in Chinese with token, text, voice, speed, pitch and volume', () => {
    const u = new URL(ttsQuery({ accessToken: 'tok123', ttsUrl: 'http://127.0.0.1:9/text2audio' }, '入库成功'));
    expect(Object.fromEntries(u.searchParams)).toMatchObject({ tok: 'tok123', tex: '入库成功', lan: 'zh', per: '0', spd: '6', pit: '5', vol: '9' });
  });
  it('tells a scanner burst typed into a measure field from a weight typed by hand or by a scale', () => {
    const burst = (n: number, gap: number) => Array.from({ length: n }, (_, i) => 1000 + i * gap);
    expect(looksScanned('7730012345678', burst(13, 8))).toBe(true);
    expect(looksScanned('7730012345678', burst(13, 120))).toBe(false); // typed by hand
    expect(looksScanned('850', burst(3, 5))).toBe(false); // a scale: short
    expect(looksScanned('1000000', burst(7, 5))).toBe(false); // the largest weight
    expect(looksScanned('12345678', burst(4, 5))).toBe(false); // pasted, not typed
    expect(looksScanned('SF2611270019', burst(12, 120))).toBe(true); // letters: a code, even on a slow PC
    expect(looksScanned('12a', burst(3, 5))).toBe(false);
  });
});
