/**
 * The onboarding stepper's path (views.md §3.10, anchor's "obSetup / obYes / obNo" flow): first
 * whether the user already owns digital assets; owners learn their address, others first how to
 * get currency (top-up when the wallet offers it, else from someone), then their address.
 */
export type OnboardingStep = 'start' | 'getFunds' | 'address' | 'done';

export type OnboardingAnswer = 'own' | 'none';

/** The steps for an answer, in order; before an answer only the question. */
export function onboardingPath(answer: OnboardingAnswer | null): OnboardingStep[] {
  if (answer === 'own') return ['start', 'address', 'done'];
  if (answer === 'none') return ['start', 'getFunds', 'address', 'done'];
  return ['start'];
}

/** Position for "Step n of m" (1-based); the count is the owner's path until the user answers. */
export function stepPosition(
  answer: OnboardingAnswer | null,
  step: OnboardingStep,
): { index: number; count: number } {
  const path = onboardingPath(answer ?? 'own');
  return { index: Math.max(path.indexOf(step), 0) + 1, count: path.length };
}

/** The step after `step` on the answer's path (the last step stays). */
export function nextStep(answer: OnboardingAnswer, step: OnboardingStep): OnboardingStep {
  const path = onboardingPath(answer);
  return path[Math.min(path.indexOf(step) + 1, path.length - 1)]!;
}

/** The step before `step` on the answer's path (the first step stays). */
export function previousStep(answer: OnboardingAnswer, step: OnboardingStep): OnboardingStep {
  const path = onboardingPath(answer);
  return path[Math.max(path.indexOf(step) - 1, 0)]!;
}
