import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES } from '../locales/index.ts';
import IconMenu from './IconMenu.tsx';

/** Language switch (zh-CN default, en-US). */
export default function LangSelect() {
  const { t, i18n } = useTranslation();
  return (
    <IconMenu
      icon={<TranslationOutlined />}
      title={t('navbar:language')}
      testId="lang-select"
      menuTestId="lang-menu"
      selectedKey={i18n.language}
      placement="bottomRight"
      items={LANGUAGES.map((l) => ({
        key: l.value,
        label: l.label,
        onClick: () => void changeLanguage(l.value),
      }))}
    />
  );
}
