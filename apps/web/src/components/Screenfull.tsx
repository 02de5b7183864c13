import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import NavbarButton from './NavbarButton.tsx';
import screenfull from 'screenfull';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../utils/feedback.ts';

/** Fullscreen toggle; warns when the browser cannot (spec §5). */
export default function Screenfull() {
  const { t } = useTranslation();
  const [isFullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    if (!screenfull.isEnabled) return;
    const onChange = () => setFullscreen(screenfull.isFullscreen);
    screenfull.on('change', onChange);
    return () => screenfull.off('change', onChange);
  }, []);
  const click = () => {
    if (!screenfull.isEnabled) {
      void toast().warning(t('common:fullscreenUnsupported'));
      return;
    }
    void screenfull.toggle();
  };
  const label = isFullscreen ? t('navbar:exitScreenfull') : t('navbar:screenfull');
  return (
    <NavbarButton title={label} placement="top" onClick={click} testId="screenfull">
      {isFullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
    </NavbarButton>
  );
}
