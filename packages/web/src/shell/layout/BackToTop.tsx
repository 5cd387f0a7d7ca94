import { useEffect, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { VerticalAlignTopOutlined } from '@ant-design/icons';
import { useT } from '../../i18n';

/** SPEC §9: shown after 200 px, 500 ms animation, scroll handler throttled to 300 ms. */
export const BACK_TOP_AFTER = 200;
export const BACK_TOP_DURATION = 500;
export const SCROLL_THROTTLE = 300;

function throttle(fn: () => void, ms: number): () => void {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    const now = Date.now();
    const wait = ms - (now - last);
    if (wait <= 0) {
      last = now;
      fn();
    } else if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        fn();
      }, wait);
    }
  };
}

const easeInOutQuad = (t: number) => (t < 0.5 ? 2 * t * t : -1 + (4 - 2 * t) * t);

function scrollToTop(): void {
  const start = window.scrollY;
  const began = performance.now();
  const step = (now: number) => {
    const p = Math.min(1, (now - began) / BACK_TOP_DURATION);
    window.scrollTo(0, start * (1 - easeInOutQuad(p)));
    if (p < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

export function BackToTop() {
  const t = useT();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = throttle(() => setVisible(window.scrollY > BACK_TOP_AFTER), SCROLL_THROTTLE);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <Tooltip title={t('settings.backTop')} placement="left">
      <Button
        className="back-to-top"
        shape="circle"
        size="large"
        icon={<VerticalAlignTopOutlined />}
        aria-label={t('settings.backTop')}
        onClick={scrollToTop}
      />
    </Tooltip>
  );
}
