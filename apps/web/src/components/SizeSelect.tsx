import { ColumnHeightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SIZES, useAppStore } from '../store/app.ts';
import { toast } from '../utils/feedback.ts';
import IconMenu from './IconMenu.tsx';

/** Global size: Default, Medium, Small, Mini (cookie `size`; control heights 40/36/32/28 px). */
export default function SizeSelect() {
  const { t } = useTranslation();
  const size = useAppStore((s) => s.size);
  const setSize = useAppStore((s) => s.setSize);
  return (
    <IconMenu
      icon={<ColumnHeightOutlined />}
      title={t('navbar:size')}
      testId="size-select"
      menuTestId="size-menu"
      selectedKey={size}
      items={SIZES.map((s) => ({
        key: s,
        label: t(`navbar:sizes.${s}`),
        disabled: s === size,
        onClick: () => {
          setSize(s);
          void toast().success(t('common:switchSizeSuccess'));
        },
      }))}
    />
  );
}
