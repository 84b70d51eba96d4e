import { Icon, type IconName } from './Icon';
import { LandingSection } from './LandingSection';
import styles from './landing.module.css';

const FEATURES: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'bolt',
    title: 'Instant estimates',
    text: 'Homeowners find their house on a satellite map, answer three questions and see a low, average and high price straight away.',
  },
  {
    icon: 'insights',
    title: 'AI lead scoring',
    text: 'Every quote request gets a score from 0 to 100 based on ownership, roofing material and roof size, so you know who to call first.',
  },
  {
    icon: 'viewKanban',
    title: 'Lead-management CRM',
    text: 'Search, filter and sort your leads, move them through pipeline stages and keep notes on every job.',
  },
  {
    icon: 'markEmailUnread',
    title: 'Email notifications',
    text: 'Get an email the moment a homeowner asks for a quote, while they are still thinking about their roof.',
  },
  {
    icon: 'link',
    title: 'Shareable calculator page',
    text: 'A branded calculator page of your own to share by text, email or social media. No website needed.',
  },
  {
    icon: 'palette',
    title: 'Your brand, your prices',
    text: 'Match the calculator to your colors and logo, and set your own price per square foot for each material.',
  },
];

export function FeaturesSection() {
  return (
    <LandingSection
      id="features"
      eyebrow="Features"
      title="Everything you need to win more roofing jobs"
      intro="Give homeowners the price they are looking for, and get the details you need to follow up."
      tinted
    >
      <div className={styles.featuresGrid}>
        {FEATURES.map(({ icon, title, text }) => (
          <div key={title} className={styles.card}>
            <div className={styles.featureIcon}>
              <Icon name={icon} />
            </div>
            <h3 className={styles.featureTitle}>{title}</h3>
            <p className={styles.cardText}>{text}</p>
          </div>
        ))}
      </div>
    </LandingSection>
  );
}
