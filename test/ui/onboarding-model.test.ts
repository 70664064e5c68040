import {
  nextStep,
  onboardingPath,
  previousStep,
  stepPosition,
} from '../../src/ui/view-models/onboarding';

describe('onboarding stepper path', () => {
  it('asks first; owners learn their address, others first how to get funds', () => {
    expect(onboardingPath(null)).toEqual(['start']);
    expect(onboardingPath('own')).toEqual(['start', 'address', 'done']);
    expect(onboardingPath('none')).toEqual(['start', 'getFunds', 'address', 'done']);
  });

  it('moves forward and back along the path and stops at its ends', () => {
    expect(nextStep('none', 'start')).toBe('getFunds');
    expect(nextStep('none', 'getFunds')).toBe('address');
    expect(nextStep('own', 'start')).toBe('address');
    expect(nextStep('own', 'done')).toBe('done');
    expect(previousStep('none', 'address')).toBe('getFunds');
    expect(previousStep('own', 'address')).toBe('start');
    expect(previousStep('own', 'start')).toBe('start');
  });

  it('counts steps for "Step n of m"', () => {
    expect(stepPosition(null, 'start')).toEqual({ index: 1, count: 3 });
    expect(stepPosition('none', 'getFunds')).toEqual({ index: 2, count: 4 });
    expect(stepPosition('none', 'done')).toEqual({ index: 4, count: 4 });
    expect(stepPosition('own', 'done')).toEqual({ index: 3, count: 3 });
  });
});
