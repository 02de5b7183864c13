import { Drawer, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import ThemePicker from '../../../components/ThemePicker.tsx';
import { useSettingsStore } from '../../../store/settings.ts';
import { useSettingsDrawer } from './state.ts';

/** Settings drawer (spec §2): theme colour, tags view, fixed header, sidebar logo. */
export default function Settings() {
  const { t } = useTranslation();
  const open = useSettingsDrawer((s) => s.open);
  const setOpen = useSettingsDrawer((s) => s.setOpen);
  const s = useSettingsStore();
  const rows = [
    { key: 'tagsView', label: t('settings:tagsView'), value: s.tagsView },
    { key: 'fixedHeader', label: t('settings:fixedHeader'), value: s.fixedHeader },
    { key: 'sidebarLogo', label: t('settings:sidebarLogo'), value: s.sidebarLogo },
  ] as const;
  return (
    <Drawer
      open={open}
      onClose={() => setOpen(false)}
      title={t('settings:title')}
      size={300}
      rootClassName="settings-drawer"
    >
      <div className="drawer-item drawer-item--stack">
        <span>{t('settings:theme')}</span>
        <ThemePicker value={s.theme} onChange={(c) => s.change('theme', c)} />
      </div>
      {rows.map((row) => (
        <div className="drawer-item" key={row.key}>
          <span>{row.label}</span>
          <Switch
            checked={row.value}
            onChange={(v) => s.change(row.key, v)}
            aria-label={row.label}
            data-testid={`setting-${row.key}`}
          />
        </div>
      ))}
    </Drawer>
  );
}
