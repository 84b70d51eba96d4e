import { LandingSection } from './LandingSection';
import styles from './landing.module.css';

const STEPS = [
  {
    title: 'Sign Up',
    text: 'Choose a plan and create your account. Billing is month-to-month, and you can cancel any time.',
  },
  {
    title: 'Embed on Your Site',
    text: 'Paste one snippet into your website or share your branded calculator link. Setup takes about 5 minutes.',
  },
  {
    title: 'Leads Flow In',
    text: 'Homeowners get an instant estimate and ask for an exact quote. Each request reaches your dashboard with a 0-100 score.',
  },
  {
    title: 'Close More Deals',
    text: 'Call the best leads first, move every job through your pipeline and win more roofs.',
  },
] as const;

export function HowItWorks() {
  return (
    <LandingSection
      id="how-it-works"
      eyebrow="How it works"
      title="From visitor to signed job in 4 steps"
      intro="No developer and no new software to learn. Rafter works on any website."
    >
      <ol className={styles.stepsGrid}>
        {STEPS.map((step, index) => (
          <li key={step.title} className={styles.stepCard}>
            <div aria-hidden className={styles.stepNumber}>
              {index + 1}
            </div>
            <h3 className={styles.stepTitle}>{step.title}</h3>
            <p className={styles.cardText}>{step.text}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
