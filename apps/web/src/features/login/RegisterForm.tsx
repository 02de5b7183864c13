import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { register } from './api.ts';
import { signInWithToken } from '../../utils/session.ts';

interface Values {
  username: string;
  password: string;
  confirm: string;
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
        <Input
          size="large"
          prefix={<UserOutlined />}
          placeholder={t('login:usernamePlaceholder')}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item
        name="password"
        rules={[
          { required: true, message: t('login:passwordPlaceholder') },
          { min: 8, message: t('login:page.passwordRule') },
        ]}
      >
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('login:page.passwordRule')}
          autoComplete="new-password"
        />
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
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('login:page.confirmPlaceholder')}
          autoComplete="new-password"
        />
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
