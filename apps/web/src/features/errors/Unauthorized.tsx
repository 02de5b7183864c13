import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorLayout } from './ErrorLayout.tsx';

export default function Unauthorized() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorLayout
      standalone
      code="401"
      title={t('errorPage:unauthorizedTitle')}
      desc={t('errorPage:unauthorizedDesc')}
      actions={
        <>
          <Button type="primary" size="large" onClick={() => navigate('/login')}>
            {t('errorPage:goLogin')}
          </Button>
          <Button size="large" onClick={() => navigate('/home')}>
            {t('errorPage:backHome')}
          </Button>
        </>
      }
    />
  );
}
