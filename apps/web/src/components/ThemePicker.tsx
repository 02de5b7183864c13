import { CheckOutlined } from '@ant-design/icons';
import { THEME_PRESETS } from '../settings.ts';

/** The eight preset theme colours of spec §9; the chosen one becomes antd's primary colour everywhere. */
export default function ThemePicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (color: string) => void;
}) {
  return (
    <div className="theme-picker">
      {THEME_PRESETS.map((color) => {
        const active = color.toLowerCase() === value.toLowerCase();
        return (
          <button
            key={color}
            type="button"
            aria-pressed={active}
            aria-label={color}
            data-color={color}
            className={`theme-picker__swatch${active ? ' is-active' : ''}`}
            style={{ background: color }}
            onClick={() => onChange(color)}
          >
            {active && <CheckOutlined />}
          </button>
        );
      })}
    </div>
  );
}
