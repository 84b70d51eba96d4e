import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isPlanId } from '@rafter/domain/plans';
import { useAuth } from '../../features/auth/session/auth-context';
import { takeSelectedPlan } from '../../features/auth/utils/browser-storage';
import { CheckoutRedirect } from '../../features/subscription/components/CheckoutRedirect';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function SubscribePage() {
  useDocumentTitle('Checkout');
  const [params] = useSearchParams();
  const { status } = useAuth();
  // The stored plan is forgotten on arrival (spec: a failure clears it). A visitor without a
  // session is sent to `/?auth=true&plan=`, which stores it again for after the sign-in.
  const [storedPlan] = useState(takeSelectedPlan);
  const queryPlan = params.get('plan');
  const plan = isPlanId(queryPlan) ? queryPlan : storedPlan;

  return (
    <CheckoutRedirect
      plan={plan}
      session={
        status === 'loading' ? 'checking' : status === 'signed-in' ? 'signed-in' : 'signed-out'
      }
    />
  );
}
