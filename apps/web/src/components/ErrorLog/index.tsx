import { BugOutlined } from '@ant-design/icons';
import NavbarButton from '../NavbarButton.tsx';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorLogStore } from '../../store/errorLog.ts';

const ErrorLogDialog = lazy(() => import('./ErrorLogDialog.tsx'));

/** Badge with the number of recorded errors (production: runtime errors and failed requests). */
export default function ErrorLog() {
  const { t } = useTranslation();
  const count = useErrorLogStore((s) => s.logs.length);
  const [open, setOpen] = useState(false);
  if (count === 0 && !open) return null;
  return (
    <>
      <NavbarButton
        title={t('navbar:errorLog')}
        className="errLog-container"
        onClick={() => setOpen(true)}
        testId="error-log"
      >
        <BugOutlined className="errLog-icon" />
        <span className="errLog-badge" data-testid="error-log-count">
          {count > 99 ? '99+' : count}
        </span>
      </NavbarButton>
      <Suspense fallback={null}>{open && <ErrorLogDialog onClose={() => setOpen(false)} />}</Suspense>
    </>
  );
}
