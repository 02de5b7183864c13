import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorLayout } from './ErrorLayout.tsx';

/** Where every unknown path lands: links to home and to the packages. */
export default function CheckVip() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorLayout
      code="404"
      title={t('errorPage:notFoundTitle')}
      desc={t('errorPage:checkvipDesc')}
      actions={
        <>
          <Button type="primary" size="large" onClick={() => navigate('/home')} data-testid="checkvip-home">
            {t('errorPage:backHome')}
          </Button>
          <Button size="large" onClick={() => navigate('/order/taocan')} data-testid="checkvip-packages">
            {t('errorPage:goPackages')}
          </Button>
        </>
      }
    />
  );
}
