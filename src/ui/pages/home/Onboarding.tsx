import { ArrowLeft, ArrowRight, Sparkles, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { CarriedLink } from '../../routes/carried-links';
import {
  nextStep,
  previousStep,
  stepPosition,
  type OnboardingAnswer,
  type OnboardingStep,
} from '../../view-models/onboarding';
import styles from './Home.module.css';

// Dismissal is remembered per address in this browser (views.md G24: the spec has no field).
const storageKey = (address: string) => `orrery.onboardingDone.${address}`;

function wasDismissed(address: string): boolean {
  try {
    return localStorage.getItem(storageKey(address)) === '1';
  } catch {
    return false; // storage blocked: show it again, nothing is lost
  }
}

/**
 * For an account that holds nothing yet, a short stepper: do you own digital assets? Owners
 * learn their address (the receive card); others first how to get currency (top-up when offered),
 * then their address. Dismiss on every step, Back / Next, "Return home" at the end; each ends it
 * for this address. Focus moves to each new step's heading so keyboard and screen-reader users
 * follow the change.
 */
export function Onboarding({ address, topup }: { address: string; topup: boolean }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => wasDismissed(address));
  const [answer, setAnswer] = useState<OnboardingAnswer | null>(null);
  const [step, setStep] = useState<OnboardingStep>('start');
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    // Not on first render: home must not steal focus on load.
    if (moved.current) heading.current?.focus();
  }, [step]);
  if (dismissed) return null;
  const go = (next: OnboardingStep) => {
    moved.current = true;
    setStep(next);
  };
  const dismiss = () => {
    try {
      localStorage.setItem(storageKey(address), '1');
    } catch {
      // storage blocked: hidden for this visit only
    }
    setDismissed(true);
  };
  const choose = (choice: OnboardingAnswer) => {
    setAnswer(choice);
    go(nextStep(choice, 'start'));
  };
  const { index, count } = stepPosition(answer, step);
  return (
    <Card
      aria-labelledby="onboarding-heading"
      data-testid="onboarding"
      className={styles.onboarding}
    >
      <div className={styles.onboardingHead}>
        <Sparkles aria-hidden="true" className={styles.onboardingIcon} />
        <h2 id="onboarding-heading" className={styles.cardHeading}>
          {t('walletHome.obSetupTitle')}
        </h2>
        <Button variant="ghost" size="sm" icon={<X aria-hidden="true" />} onClick={dismiss}>
          {t('walletHome.obSkip')}
        </Button>
      </div>
      <p className={styles.stepCount} data-testid="onboarding-step">
        {t('homeMore.obStep', { index, count })}
      </p>
      <h3 ref={heading} tabIndex={-1} className={styles.stepHeading}>
        {t(`homeMore.obTitle.${step}`)}
      </h3>
      {step === 'start' && (
        <>
          <p>{t('homeMore.obQuestion')}</p>
          <div className={styles.actions}>
            <Button onClick={() => choose('own')}>{t('homeMore.obOwn')}</Button>
            <Button onClick={() => choose('none')}>{t('homeMore.obNone')}</Button>
          </div>
        </>
      )}
      {step === 'getFunds' && (
        <>
          <p>{topup ? t('homeMore.obFundsTopUp') : t('homeMore.obFundsNoTopUp')}</p>
          {topup && (
            <CarriedLink to="/wallet/topup" className={styles.inlineLink}>
              {t('walletHome.obStepTopUp')}
            </CarriedLink>
          )}
        </>
      )}
      {step === 'address' && (
        <>
          <p>{t('homeMore.obAddressText')}</p>
          <a href="#receive" className={styles.inlineLink}>
            {t('walletHome.obStepReceive')}
          </a>
        </>
      )}
      {step === 'done' && <p>{t('homeMore.obDoneText')}</p>}
      {step !== 'start' && answer && (
        <div className={styles.actions}>
          <Button
            variant="ghost"
            icon={<ArrowLeft aria-hidden="true" />}
            onClick={() => go(previousStep(answer, step))}
          >
            {t('homeMore.obBack')}
          </Button>
          {step === 'done' ? (
            <Button variant="primary" onClick={dismiss}>
              {t('homeMore.obReturnHome')}
            </Button>
          ) : (
            <Button
              variant="primary"
              icon={<ArrowRight aria-hidden="true" />}
              onClick={() => go(nextStep(answer, step))}
            >
              {t('homeMore.obNext')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
