import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { QrCode } from '../../components/QrCode';
import styles from './Home.module.css';

/** How long "Copied" stays before the button says "Copy" again. */
const COPIED_MS = 2000;

/** "Your Public Address": the whole address, a copy button and its QR code. */
export function ReceiveCard({ address }: { address: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = () =>
    navigator.clipboard.writeText(address).then(
      () => setCopied('yes'),
      () => setCopied('failed'), // a page without clipboard permission: the address stays selectable
    );
  return (
    <Card aria-labelledby="receive-heading" data-testid="receive-card" id="receive">
      <h2 id="receive-heading" className={styles.cardHeading}>
        {t('walletHome.yourPublicAddress')}
      </h2>
      <div className={styles.receive}>
        <div className={styles.qr}>
          <QrCode value={address} label={t('walletHome.qrLabel')} />
        </div>
        <div className={styles.receiveText}>
          <p className={styles.fullAddress} data-testid="receive-address">
            {address}
          </p>
          <Button
            variant="secondary"
            size="sm"
            icon={copied === 'yes' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            onClick={() => void copy()}
          >
            {t('walletHome.copy')}
          </Button>
          <p role="status" className={styles.muted} data-testid="copy-status">
            {copied === 'yes'
              ? t('walletHome.copied')
              : copied === 'failed'
                ? t('walletHome.copyFailed')
                : ''}
          </p>
        </div>
      </div>
    </Card>
  );
}
