/** SPEC §3 spec string: a prop name is label:value, split at the first colon; no colon means an empty value. */
export function parseSpec(name: string): { label: string; value: string } {
  const i = name.indexOf(':');
  return i < 0 ? { label: name, value: '' } : { label: name.slice(0, i), value: name.slice(i + 1) };
}

/** Text shown when a line has no props (SPEC §3). */
export const NO_SPEC_TEXT = '该商品暂无规格';

/** The label's spec string from a propsList: "颜色:白色; 尺码:L", or 该商品暂无规格 when there is none. */
export function specString(props: readonly { name: string }[] | null | undefined): string {
  const parts = (props ?? []).map((p) => parseSpec(p.name)).filter((p) => p.label || p.value);
  if (!parts.length) return NO_SPEC_TEXT;
  return parts.map((p) => (p.value ? `${p.label}:${p.value}` : p.label)).join('; ');
}

/** Volume in cm³ from millimetre dimensions (rounded up: a label never under-states it). */
export const volumeCm3 = (l: number, w: number, h: number) => Math.ceil((l * w * h) / 1000);
