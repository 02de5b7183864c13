import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorLayout } from './ErrorLayout.tsx';

export default function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorLayout
      standalone
      code="404"
      title={t('errorPage:notFoundTitle')}
      desc={t('errorPage:notFoundDesc')}
      actions={
        <>
          <Button type="primary" size="large" onClick={() => navigate('/home')}>
            {t('errorPage:backHome')}
          </Button>
          <Button size="large" onClick={() => navigate(-1)}>
            {t('errorPage:goBack')}
          </Button>
        </>
      }
    />
  );
}
