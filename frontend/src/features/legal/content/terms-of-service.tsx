import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { BILLING_TERMS, refundThresholds } from '@rafter/domain/plans';
import { APP_ROUTES } from '@rafter/domain/routes';
import type { LegalDocumentContent } from '../types';
import { CONTACT_EMAIL } from '../../../lib/contact';

export const TERMS_OF_SERVICE: LegalDocumentContent = {
  title: 'Terms of Service',
  lastUpdated: 'November 25, 2026',
  intro: (
    <p>
      These terms are the agreement between you and Rafter when you use our roof-estimate
      calculator, lead dashboard and related services. We have tried to keep them short and
      readable. Please read them before you subscribe.
    </p>
  ),
  sections: [
    {
      id: 'acceptance',
      title: 'Accepting these terms',
      content: (
        <>
          <p>
            By creating an account, subscribing to a plan or using any part of Rafter, you agree to
            these terms and to our{' '}
            <Link component={RouterLink} to={APP_ROUTES.privacy}>
              Privacy Policy
            </Link>
            . If you use Rafter on behalf of a company, you confirm that you are allowed to accept
            these terms for it, and &quot;you&quot; means that company.
          </p>
          <p>If you do not agree with these terms, please do not use the service.</p>
        </>
      ),
    },
    {
      id: 'the-service',
      title: 'What Rafter provides',
      content: (
        <>
          <p>
            Rafter is a subscription service for roofing contractors. It includes an instant
            roof-replacement estimator you can embed on your website or share as a link, a dashboard
            for managing the leads it collects, and the features of the plan you choose.
          </p>
          <p>
            Estimates shown to homeowners are automated approximations based on a simulated or
            measured roof size and the material prices you set. They are not binding quotes. You are
            responsible for the prices and offers you make to your customers.
          </p>
        </>
      ),
    },
    {
      id: 'accounts',
      title: 'Your account',
      content: (
        <>
          <p>
            You must be at least 18 years old and give accurate information when you sign up. Keep
            your password safe and do not share your account. You are responsible for everything
            that happens under your account.
          </p>
          <p>
            If you think someone else has access to your account, tell us straight away at{' '}
            <Link href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'plans-and-billing',
      title: 'Plans, billing and promotions',
      content: (
        <>
          <ul>
            <li>
              Subscriptions are billed <strong>monthly, in advance</strong>, to the card you give
              us. Your plan renews automatically each month until you cancel.
            </li>
            <li>Billing is month-to-month. There are no long-term contracts and no setup fees.</li>
            <li>
              Each plan includes a set number of leads per month, shown on our pricing page. Leads
              that arrive after you reach your limit are kept safely, but their contact details stay
              hidden until you upgrade or a new month begins.
            </li>
            <li>
              You can change plans from your dashboard. Before anything changes we show what you
              will pay today and at your next renewal. An <strong>upgrade starts at once</strong>:
              you pay the new plan&apos;s price for the rest of the billing period, less the unused
              part of your old plan. A{' '}
              <strong>move to a smaller plan starts at your next renewal</strong>, so you keep what
              you paid for until then; if you choose to switch at once instead, the unused part of
              your old plan is credited toward your next invoices, not paid out.
            </li>
            <li>
              The promo code <strong>QUOTE20</strong> gives 20% off your first month. It applies to
              the first month of a new subscription only.
            </li>
            <li>
              We may change our prices. We will tell you at least 30 days before a new price applies
              to your subscription.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'cancellation',
      title: 'Cancelling your subscription',
      content: (
        <p>
          You can cancel at any time from your dashboard. Cancellation{' '}
          <strong>takes effect at the end of your current billing period</strong>: you keep full
          access until then and you will not be charged again. Apart from the money-back guarantee
          below, we do not give refunds for partial months.
        </p>
      ),
    },
    {
      id: 'refunds',
      title: 'Money-back guarantee and refunds',
      content: (
        <>
          <p>
            If Rafter is not working out, you can get your money back{' '}
            <strong>within {BILLING_TERMS.moneyBackDays} days of your first payment</strong>. You
            ask for it yourself in your dashboard: open <strong>Subscription</strong> and choose{' '}
            <strong>Request refund</strong>. The button is there while you qualify, with the last
            day you can use it; when you do not qualify, the same place says why.
          </p>
          <p>
            The guarantee is for contractors who did not get value from the service, so it ends once
            you have received this many leads since your current billing period began:
          </p>
          <ul>
            {refundThresholds().map(({ plan, leads, borrowedFrom }) => (
              <li key={plan.id}>
                <strong>
                  {plan.name}: {leads} or more leads
                </strong>
                {borrowedFrom
                  ? ` — this plan has unlimited leads, so it has the ${borrowedFrom.name} plan's threshold.`
                  : '.'}
              </li>
            ))}
          </ul>
          <p>
            Every lead counts toward the threshold, including leads held locked because your plan
            had reached its monthly limit.
          </p>
          <ul>
            <li>
              A refund pays back <strong>every payment on the subscription</strong>, including
              prorated charges for a plan change, to your original payment method, and{' '}
              <strong>ends your subscription at once</strong>. Refunds are processed within{' '}
              <strong>{BILLING_TERMS.refundProcessingText}</strong>.
            </li>
            <li>
              The guarantee applies <strong>once per account</strong>: a later subscription is not
              covered again.
            </li>
          </ul>
          <p>
            Questions about a refund? Email us at{' '}
            <Link href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'your-data',
      title: 'Your lead data',
      content: (
        <>
          <p>
            <strong>You own the lead data</strong> that homeowners submit through your calculator.
            We store and process it only to provide the service to you, as described in our Privacy
            Policy.
          </p>
          <p>
            You can <strong>export your leads</strong> at any time while your account is open. You
            are responsible for using homeowners&apos; contact details lawfully, including the rules
            on calling, texting and emailing them.
          </p>
        </>
      ),
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      content: (
        <>
          <p>When you use Rafter, you agree not to:</p>
          <ul>
            <li>break any law, or help anyone else do so;</li>
            <li>submit fake leads or mislead homeowners about who you are or what you offer;</li>
            <li>send spam or unwanted marketing to the people who contact you through Rafter;</li>
            <li>
              try to get into accounts or systems that are not yours, or test our security without
              our written permission;
            </li>
            <li>
              overload, disrupt, copy or reverse engineer the service, or resell it without our
              agreement.
            </li>
          </ul>
          <p>We may suspend accounts that break these rules.</p>
        </>
      ),
    },
    {
      id: 'availability-and-support',
      title: 'Availability and support',
      content: (
        <>
          <p>
            We <strong>aim for 99.9% uptime</strong> each month. Occasionally we need to take the
            service down for maintenance, and we try to do that at quiet times and with notice. The
            uptime aim is a goal, not a guarantee.
          </p>
          <p>
            Our support team <strong>replies within 24-48 business hours</strong>. Email us at{' '}
            <Link href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual property',
      content: (
        <p>
          Rafter&apos;s software, design, name and logo belong to us. Your subscription gives you a
          limited, non-transferable right to use the service while your subscription is active. You
          keep the rights to your business name, logo and content, and you let us display them in
          your calculator and pages so we can provide the service.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      content: (
        <>
          <p>
            We provide Rafter &quot;as is&quot;. We work hard to keep it accurate and available, but
            we cannot promise it will be free of errors, or that any particular number of leads or
            jobs will come from it.
          </p>
          <p>
            As far as the law allows, we are not liable for indirect or consequential losses, such
            as lost profits or lost business. Our total liability for any claim is{' '}
            <strong>capped at the amount you paid us in the 12 months</strong> before the claim
            arose.
          </p>
        </>
      ),
    },
    {
      id: 'termination',
      title: 'Suspension and termination',
      content: (
        <p>
          We may suspend or close an account that breaks these terms, fails to pay, or puts other
          users or the service at risk. Where we can, we will warn you first and give you a chance
          to fix the problem and export your data. You may stop using Rafter and close your account
          at any time.
        </p>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      content: (
        <p>
          We may update these terms as the service grows. If a change matters, we will email you and
          show a notice in your dashboard at least 30 days before it takes effect. The date at the
          top of this page shows when the terms last changed. Using Rafter after a change takes
          effect means you accept the new terms.
        </p>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing law',
      content: (
        <p>
          These terms are governed by the laws of the State of Delaware, United States, without
          regard to its conflict-of-law rules. Before going to court, we both agree to try to settle
          any dispute informally by contacting each other first.
        </p>
      ),
    },
    {
      id: 'contact',
      title: 'Contact us',
      content: (
        <p>
          Questions about these terms? Email us at{' '}
          <Link href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</Link> and we will get back to you
          within 24-48 business hours.
        </p>
      ),
    },
  ],
};
