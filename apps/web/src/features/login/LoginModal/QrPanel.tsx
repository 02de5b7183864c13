import { LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QR_SIZE } from '../../../settings.ts';
import type { QrState } from './useQrLogin.ts';

/** The QR image; a click (or 刷新二维码) requests a fresh code. */
export default function QrPanel({
  qr,
  onRefresh,
  displaySize = QR_SIZE,
}: {
  qr: QrState;
  onRefresh: () => void;
  displaySize?: number;
}) {
  const { t } = useTranslation();
  const overlay =
    qr.status === 'expired' ? t('login:qrExpired') : qr.status === 'error' ? t('login:qrUnavailable') : null;
  return (
    <div className="qr-panel">
      <button
        type="button"
        className="qr-panel__frame"
        style={{ width: displaySize, height: displaySize }}
        onClick={onRefresh}
        aria-label={t('login:refreshQr')}
        data-testid="qr-image"
        data-qr-id={qr.id ?? ''}
        data-status={qr.status}
      >
        {qr.image ? (
          <img src={qr.image} alt={t('login:qrAlt')} width={displaySize} height={displaySize} />
        ) : (
          <span className="qr-panel__placeholder">
            {qr.status === 'loading' || qr.status === 'idle' ? <LoadingOutlined /> : null}
          </span>
        )}
        {overlay && (
          <span className="qr-panel__overlay">
            <strong>{overlay}</strong>
            <span>
              <ReloadOutlined /> {t('login:qrClickRefresh')}
            </span>
          </span>
        )}
      </button>
    </div>
  );
}
