import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { type FormEvent, type KeyboardEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../../store/user.ts';

type Field = 'username' | 'password';

/** Caps-lock flag (spec §5): set when a capital letter is typed or the Caps Lock state says so. */
export function capsLockOn(e: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'getModifierState'>): boolean {
  if (typeof e.getModifierState === 'function' && e.getModifierState('CapsLock')) return true;
  return e.key.length === 1 && e.key >= 'A' && e.key <= 'Z' && !e.shiftKey;
}

/** Spec §5: both fields are required; the username counts after trimming. */
export function invalidFields(values: Record<Field, string>): Field[] {
  const out: Field[] = [];
  if (!values.username.trim()) out.push('username');
  if (!values.password) out.push('password');
  return out;
}

/** An input with an icon, styled like the other controls (its height follows the global size). */
function TextField(props: {
  icon: ReactNode;
  suffix?: ReactNode;
  large?: boolean;
  invalid: boolean;
  type?: 'text' | 'password';
  name: string;
  placeholder: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  onKeyUp?: (e: KeyboardEvent<HTMLInputElement>) => void;
}) {
  return (
    <span
      className={`text-field${props.large ? ' text-field--lg' : ''}${props.invalid ? ' is-invalid' : ''}`}
    >
      <span className="text-field__icon">{props.icon}</span>
      <input
        className="text-field__input"
        type={props.type ?? 'text'}
        name={props.name}
        placeholder={props.placeholder}
        aria-label={props.placeholder}
        aria-invalid={props.invalid || undefined}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
        onKeyUp={props.onKeyUp}
      />
      {props.suffix}
    </span>
  );
}

/**
 * Username and password (required, checked on blur, marked without message text; the username is
 * trimmed). On success the token is stored and `onSuccess` runs; on failure loading clears and the
 * server's reason is shown under the form. A plain form on purpose: the panel opens on every guest's
 * first visit, so it stays small.
 */
export default function PasswordForm({
  onSuccess,
  size,
}: {
  onSuccess: () => Promise<void> | void;
  size?: 'large';
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, boolean>>>({});
  const [loading, setLoading] = useState(false);
  const [capsTooltip, setCapsTooltip] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const login = useUserStore((s) => s.login);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field] && !invalidFields({ ...values, [field]: value }).includes(field)) {
      setErrors((e) => ({ ...e, [field]: false }));
    }
    if (error) setError(null);
  };
  const blur = (field: Field) => setErrors((e) => ({ ...e, [field]: invalidFields(values).includes(field) }));
  /** What ties a text field to its form value and error mark. */
  const bind = (field: Field) => ({
    large: size === 'large',
    name: field,
    invalid: Boolean(errors[field]),
    value: values[field],
    onChange: (v: string) => change(field, v),
  });
  const itemClass = (field: Field) => `password-form__item${errors[field] ? ' has-error' : ''}`;

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const invalid = invalidFields(values);
    if (invalid.length > 0) {
      // spec §8: an invalid form is only logged
      console.log('error submit!!', invalid);
      setErrors({ username: invalid.includes('username'), password: invalid.includes('password') });
      return;
    }
    setLoading(true);
    setError(null);
    try {
      await login({ username: values.username.trim(), password: values.password });
      await onSuccess();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setLoading(false);
    }
  };

  return (
    <form className="password-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className={itemClass('username')} data-field="username">
        <TextField
          {...bind('username')}
          icon={<UserOutlined />}
          placeholder={t('login:usernamePlaceholder')}
          autoComplete="username"
          onBlur={() => blur('username')}
        />
      </div>
      <Tooltip
        title={t('login:capsLock')}
        open={capsTooltip}
        placement="right"
        getPopupContainer={(el) => el.parentElement ?? document.body}
      >
        <div className={itemClass('password')} data-field="password">
          <TextField
            {...bind('password')}
            icon={<LockOutlined />}
            type={showPassword ? 'text' : 'password'}
            placeholder={t('login:passwordPlaceholder')}
            autoComplete="current-password"
            onKeyUp={(e) => setCapsTooltip(capsLockOn(e))}
            onBlur={() => {
              setCapsTooltip(false);
              blur('password');
            }}
            suffix={
              <button
                type="button"
                className="text-field__toggle"
                onClick={() => setShowPassword((v) => !v)}
                aria-label={showPassword ? t('login:hidePassword') : t('login:showPassword')}
                data-testid="toggle-password"
              >
                {showPassword ? <EyeOutlined /> : <EyeInvisibleOutlined />}
              </button>
            }
          />
        </div>
      </Tooltip>
      {error && (
        <div className="password-form__error" role="alert" data-testid="login-error">
          {error}
        </div>
      )}
      <Button type="primary" htmlType="submit" block loading={loading} size={size} data-testid="login-submit">
        {t('login:submit')}
      </Button>
    </form>
  );
}
