import { textIn, type Lang } from '../rules/messages';
import { FreightRefusalText } from '../rules/translations';
import { ItemAttr } from '../vocab/config-content';

/** What a channel's refusal of a parcel is made of: the reason and the values a person needs to see. */
export interface FreightRefusalFacts {
  reason: string;
  /** refused_attr: the attributes the channel does not accept. */
  attrs?: string[];
  /** A weight (g) or side (mm) limit that was crossed, and the parcel's chargeable weight. */
  limit?: number;
  chargeableWeightG?: number;
}

/** Why a channel cannot carry a parcel, in `lang` (the server keeps the Chinese text in `message`). */
export function freightRefusalText(f: FreightRefusalFacts, lang: Lang): string {
  const pair = FreightRefusalText[f.reason as keyof typeof FreightRefusalText];
  if (!pair) return f.reason;
  const attrs = (f.attrs ?? []).map((a) => ItemAttr.label(a, lang)).join(lang === 'zh' ? '、' : ', ');
  return textIn(pair, lang, { attrs, limit: f.limit ?? 0, weight: f.chargeableWeightG ?? 0 });
}
