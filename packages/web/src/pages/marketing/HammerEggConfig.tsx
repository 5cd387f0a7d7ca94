import { PrizeConfig } from './PrizeConfig';

/** marketing/HammerEggConfig: 砸金蛋 prize configuration. */
export default function HammerEggConfig() {
  return <PrizeConfig kind="hammerEgg" />;
}
