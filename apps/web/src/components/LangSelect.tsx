import { TranslationOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES } from '../locales/index.ts';
import PopMenu from './PopMenu.tsx';

/** Language switch (zh-CN default, en-US). */
export default function LangSelect() {
  const { t, i18n } = useTranslation();
  return (
    <PopMenu
      testId="lang-menu"
      selectedKey={i18n.language}
      placement="bottomRight"
      items={LANGUAGES.map((l) => ({
        key: l.value,
        label: l.label,
        onClick: () => void changeLanguage(l.value),
      }))}
    >
      {(open) => (
        <Tooltip open={open ? false : undefined} title={t('navbar:language')} placement="bottom">
          <button
            type="button"
            className="navbar-icon"
            aria-label={t('navbar:language')}
            data-testid="lang-select"
          >
            <TranslationOutlined />
          </button>
        </Tooltip>
      )}
    </PopMenu>
  );
}
