import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';

/** Sidebar toggle. */
export default function Hamburger({
  isActive,
  onToggle,
  label,
}: {
  isActive: boolean;
  onToggle: () => void;
  label: string;
}) {
  return (
    <button
      type="button"
      className="hamburger-container navbar-icon"
      onClick={onToggle}
      aria-label={label}
      aria-expanded={isActive}
    >
      {isActive ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
    </button>
  );
}
