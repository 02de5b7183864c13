import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { register } from '../../shared/api/login.ts';
import { signInWithToken } from '../../store/session.ts';

interface Values {
  username: string;
  password: string;
  confirm: string;
}

/** A large input with its icon; a new password's is masked. Form.Item gives it its value. */
function largeInput(icon: ReactNode, placeholder: string, autoComplete: 'username' | 'new-password') {
  const Control = autoComplete === 'new-password' ? Input.Password : Input;
  return <Control size="large" prefix={icon} placeholder={placeholder} autoComplete={autoComplete} />;
}

/** Account registration (username 3–32 characters, password at least 8), then signed in. */
export default function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const finish = async (v: Values) => {
    setLoading(true);
    setError(null);
    try {
      const res = await register({ username: v.username.trim(), password: v.password }, { silent: true });
      await signInWithToken(res.result.access_token);
      onSuccess();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Form<Values>
      className="password-form"
      validateTrigger="onBlur"
      onFinish={(v) => void finish(v)}
      onValuesChange={() => error && setError(null)}
    >
      <Form.Item
        name="username"
        rules={[
          { required: true, whitespace: true, message: t('login:usernamePlaceholder') },
          { min: 3, max: 32, message: t('login:page.usernameRule') },
        ]}
      >
        {largeInput(<UserOutlined />, t('login:usernamePlaceholder'), 'username')}
      </Form.Item>
      <Form.Item
        name="password"
        rules={[
          { required: true, message: t('login:passwordPlaceholder') },
          { min: 8, message: t('login:page.passwordRule') },
        ]}
      >
        {largeInput(<LockOutlined />, t('login:page.passwordRule'), 'new-password')}
      </Form.Item>
      <Form.Item
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: t('login:page.confirmPlaceholder') },
          ({ getFieldValue }) => ({
            validator: (_r, value) =>
              !value || getFieldValue('password') === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('login:page.passwordMismatch'))),
          }),
        ]}
      >
        {largeInput(<LockOutlined />, t('login:page.confirmPlaceholder'), 'new-password')}
      </Form.Item>
      {error && (
        <div className="password-form__error" role="alert">
          {error}
        </div>
      )}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={loading}
        data-testid="register-submit"
      >
        {t('login:page.registerSubmit')}
      </Button>
    </Form>
  );
}
