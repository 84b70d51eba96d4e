import { ASSISTANT_NAME } from '@rafter/domain/assistant';
import { BILLING_TERMS, PLAN_LIST, PLANS, refundThresholds, type Plan } from '@rafter/domain/plans';
import { PROMO_TEXT } from '../widget-constants';

/** What the built-in assistant answered, and about what. */
export interface SalesAnswer {
  intent: SalesIntent;
  reply: string;
  /** The reply offers to open sign-up: the widget shows a button for it. */
  offerSignup: boolean;
}

export type SalesIntent =
  | 'greeting'
  | 'thanks'
  | 'plan'
  | 'pricing'
  | 'recommend'
  | 'lead_limits'
  | 'over_limit'
  | 'setup_fee'
  | 'setup'
  | 'guarantee'
  | 'contract'
  | 'promo'
  | 'lead_score'
  | 'share_link'
  | 'branding'
  | 'estimates'
  | 'crm'
  | 'notifications'
  | 'data'
  | 'support'
  | 'features'
  | 'get_started'
  | 'fallback';

const dollars = (cents: number) =>
  cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;

const leadsText = (plan: Plan) =>
  plan.monthlyLeadLimit === null ? 'unlimited leads' : `${plan.monthlyLeadLimit} leads a month`;

/** "a, b and c" */
function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "4 or more leads on Starter, 10 or more on Smart or 10 or more on Instant (unlimited leads)" */
function refundThresholdsText(): string {
  return refundThresholds()
    .map(({ plan, leads, borrowedFrom }, index) => {
      const name = plan.name.replace(/ Estimator$/, '');
      const count = index === 0 ? `${leads} or more leads` : `${leads} or more`;
      return `${count} on ${name}${borrowedFrom ? ' (unlimited leads)' : ''}`;
    })
    .join(', ')
    .replace(/, ([^,]*)$/, ' or $1');
}

function planFeatures(plan: Plan): string {
  return listText(plan.features.map((feature, i) => (i === 0 ? feature : feature.toLowerCase())));
}

function planReply(plan: Plan): string {
  const firstMonth = dollars(
    Math.round(plan.priceCents * (1 - BILLING_TERMS.promoPercentOff / 100)),
  );
  return [
    `The ${plan.name} is ${dollars(plan.priceCents)} a month with ${leadsText(plan)}${plan.mostPopular ? ', and it is our most popular plan' : ''}.`,
    `It includes ${planFeatures(plan)}.`,
    `With code ${BILLING_TERMS.promoCode} your first month is ${firstMonth}.`,
  ].join(' ');
}

const pricingReply = () =>
  [
    `We have three plans: ${listText(
      PLAN_LIST.map(
        (plan) =>
          `${plan.name} at ${dollars(plan.priceCents)} a month with ${leadsText(plan)}${plan.mostPopular ? ' (most popular)' : ''}`,
      ),
    )}.`,
    `All are month-to-month with no contracts and no setup fees, and code ${PROMO_TEXT}.`,
  ].join(' ');

const leadLimitsReply = (plan: Plan | undefined) =>
  plan
    ? `The ${plan.name} includes ${leadsText(plan)}.`
    : `${listText(PLAN_LIST.map((p) => `${p.name} includes ${leadsText(p)}`))}.`;

interface FaqEntry {
  intent: Exclude<SalesIntent, 'plan' | 'fallback'>;
  /** Any one of these matches (on lower-case text with punctuation removed). */
  patterns: readonly RegExp[];
  answer(plan: Plan | undefined): string;
  offerSignup?: boolean;
}

/**
 * The built-in assistant's FAQ, in priority order: the first entry with a matching pattern
 * answers. Prices and limits come from the plan catalogue, terms from BILLING_TERMS.
 */
export const SALES_FAQ: readonly FaqEntry[] = [
  {
    intent: 'get_started',
    patterns: [
      /\b(sign ?up|signup|get started|getting started|start (now|today|a trial)|register|create (an |my )?account|subscribe|buy|purchase|join)\b/,
      /\bhow (do|can) i (start|begin)\b/,
      /\b(i want|i'?d like|lets|let's) (to )?(try|start|go)\b/,
    ],
    answer: () =>
      `Great! Signing up takes a minute and you can be live in about 5 minutes. Use code ${PROMO_TEXT}. Shall I open sign-up for you?`,
    offerSignup: true,
  },
  {
    intent: 'setup_fee',
    patterns: [
      /\bsetup fees?\b/,
      /\bset ?up fees?\b/,
      /\b(hidden|extra|upfront|onboarding) (fees?|costs?|charges?)\b/,
    ],
    answer: () =>
      'There are no setup fees on any plan. You pay only the monthly price, month-to-month.',
  },
  {
    intent: 'guarantee',
    patterns: [/\b(refunds?|money ?back|guarantee[ds]?|risk free|risk-free)\b/],
    answer: () =>
      [
        `Every plan comes with a ${BILLING_TERMS.moneyBackDays}-day money-back guarantee.`,
        `Ask for it in your dashboard, under Subscription, within ${BILLING_TERMS.moneyBackDays} days of your first payment.`,
        `It ends once you have received ${refundThresholdsText()} this billing period.`,
        `Refunds are processed in ${BILLING_TERMS.refundProcessingText}.`,
      ].join(' '),
  },
  {
    intent: 'promo',
    patterns: [/\b(promo|promotion|promo code|discount|coupon|quote ?20)\b/],
    answer: () => `Use code ${PROMO_TEXT}. Enter it at checkout.`,
  },
  {
    intent: 'contract',
    patterns: [
      /\b(contracts?|cancel\w*|commitment|lock(ed)? in|month to month|monthly billing|annual|yearly)\b/,
    ],
    answer: () =>
      'Billing is month-to-month with no contracts. You can cancel anytime; it takes effect at the end of the period you have paid for.',
  },
  {
    intent: 'over_limit',
    patterns: [
      /\b(over|exceed\w*|past|more than|above|hit|reach\w*) (my |the )?(lead )?(limit|allowance|cap)\b/,
      /\brun out of leads\b/,
    ],
    answer: () =>
      'Leads beyond your monthly limit are never thrown away: they are saved and unlock when you upgrade or the next month starts.',
  },
  {
    intent: 'lead_limits',
    patterns: [
      /\bhow many leads\b/,
      /\blead (limits?|caps?|allowance)\b/,
      /\bleads (per|a|each) month\b/,
      /\bunlimited\b/,
    ],
    answer: leadLimitsReply,
  },
  {
    intent: 'recommend',
    patterns: [
      /\b(which|what) plan\b/,
      /\b(recommend|best plan|right plan|should i (choose|pick|get))\b/,
    ],
    answer: () =>
      `${listText(
        PLAN_LIST.map((plan) =>
          plan.monthlyLeadLimit === null
            ? `the ${plan.name} if you want no limit at all plus your own logo`
            : `the ${plan.name} for up to ${plan.monthlyLeadLimit} leads a month`,
        ),
      ).replace(
        /^t/,
        'T',
      )}. Most contractors pick the ${PLAN_LIST.find((plan) => plan.mostPopular)?.name ?? PLANS.smart.name}.`,
  },
  {
    intent: 'pricing',
    patterns: [
      /\b(price|prices|pricing|cost|costs|how much|plans?|fee|fees|expensive|cheap|afford\w*|per month|a month)\b/,
    ],
    answer: pricingReply,
  },
  {
    intent: 'setup',
    patterns: [
      /\b(set ?up|setup|install\w*|embed\w*|snippet|add it to my (web)?site|how long|integrat\w*|wordpress|wix|squarespace)\b/,
    ],
    answer: () =>
      'Setup takes about 5 minutes: sign up, then paste your embed code into your website, or share your branded calculator link. Leads flow into your dashboard right away.',
  },
  {
    intent: 'lead_score',
    patterns: [/\b(scor\w*|qualif\w*|ai)\b/],
    answer: () =>
      `Every lead gets a score from 0 to 100 so you call the best ones first. AI lead scoring comes with the ${PLANS.smart.name} and up.`,
  },
  {
    intent: 'share_link',
    patterns: [/\b(shareable|share|link|landing page|lead generation website|own page)\b/],
    answer: () =>
      `The ${PLANS.smart.name} and up give you a shareable, branded calculator page you can send anywhere, even without a website.`,
  },
  {
    intent: 'branding',
    patterns: [/\b(logo|brand\w*|colou?rs?|customi[sz]\w*|white ?label)\b/],
    answer: () =>
      `Custom colors and material pricing come with the ${PLANS.smart.name}; your own logo comes with the ${PLANS.instant.name}.`,
  },
  {
    intent: 'estimates',
    patterns: [
      /\b(estimat\w*|calculat\w*|accura\w*|measur\w*|satellite|materials?|shingles?|homeowners?|how does it work)\b/,
    ],
    answer: () =>
      'Homeowners enter their address, see their roof on a satellite map, answer three quick questions and get a low, average and high replacement estimate for asphalt, wood, metal, tile or slate. When they ask for an exact quote, you get the lead.',
  },
  {
    intent: 'crm',
    patterns: [/\b(crm|dashboard|pipeline|manage\w*|track\w*|notes?|status)\b/],
    answer: () =>
      'Every plan includes the lead-management CRM: your leads arrive live with their estimate and score, and you move them through pipeline stages with notes.',
  },
  {
    intent: 'notifications',
    patterns: [/\b(notif\w*|emails?|alerts?)\b/],
    answer: () => 'You get an email notification for every new lead, on every plan.',
  },
  {
    intent: 'data',
    patterns: [/\b(data|export\w*|csv|privacy|own the leads|who owns)\b/],
    answer: () => 'You own your lead data and can export it any time. We never sell data.',
  },
  {
    intent: 'support',
    patterns: [
      /\b(support|help desk|contact|talk to (a )?(human|person|someone)|phone number|uptime)\b/,
    ],
    answer: () =>
      'Our support team replies within 24 to 48 business hours; use the Contact link at the bottom of the page. We aim for 99.9% uptime.',
  },
  {
    intent: 'features',
    patterns: [
      /\b(features?|what (does|do|can) (it|rafter|you)|what is rafter|include[sd]?|benefits?|why)\b/,
    ],
    answer: () =>
      'Rafter gives you an instant roof-replacement estimator for your website that turns visitors into scored leads, a CRM to manage them, email notifications, and on higher plans a shareable branded calculator page, custom pricing and colors, and AI lead scoring.',
  },
  {
    intent: 'thanks',
    patterns: [/\b(thanks?|thank you|bye|goodbye|that'?s all|great|awesome|perfect)\b/],
    answer: () =>
      `You're welcome! Whenever you're ready, sign up and use code ${BILLING_TERMS.promoCode} for ${BILLING_TERMS.promoPercentOff}% off your first month.`,
    offerSignup: true,
  },
  {
    intent: 'greeting',
    patterns: [/^(hi|hello|hey|howdy|good (morning|afternoon|evening))\b/],
    answer: () => assistantGreeting(),
  },
];

/** What the assistant says first. */
export function assistantGreeting(name: string = ASSISTANT_NAME): string {
  return `Hi, I'm ${name}, your Rafter sales partner. Ask me about plans and prices, setup, our money-back guarantee, or how to get started.`;
}

export const SALES_FALLBACK_REPLY = `I can help with plans and prices, setup, the ${BILLING_TERMS.moneyBackDays}-day money-back guarantee, the ${BILLING_TERMS.promoCode} promo and how to get started. What would you like to know?`;

function normalise(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[’]/g, "'")
      .replace(/[^a-z0-9'\s-]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      // A plan's full name is not a question about estimates.
      .replace(/\b(starter|smart|instant) estimators?\b/g, '$1 plan')
  );
}

/** The plan a question names; "instant estimates" is the product, not the plan. */
function mentionedPlan(text: string): Plan | undefined {
  if (/\bstarter\b/.test(text)) return PLANS.starter;
  if (/\bsmart\b/.test(text)) return PLANS.smart;
  if (/\binstant\b(?! (estimates?|quotes?|roof))/.test(text)) return PLANS.instant;
  return undefined;
}

/**
 * The built-in assistant's brain: a deterministic answer to a visitor's sales question, from the
 * FAQ above and the plan catalogue. A question naming a plan is answered about that plan unless
 * a more specific topic (limits, refunds, sign-up…) matches first.
 */
export function answerSalesQuestion(question: string): SalesAnswer {
  const text = normalise(question);
  if (!text) return { intent: 'fallback', reply: SALES_FALLBACK_REPLY, offerSignup: false };
  const plan = mentionedPlan(text);
  const entry = SALES_FAQ.find((candidate) =>
    candidate.patterns.some((pattern) => pattern.test(text)),
  );
  const planFirst = plan && (!entry || entry.intent === 'pricing' || entry.intent === 'features');
  if (plan && planFirst) {
    return { intent: 'plan', reply: planReply(plan), offerSignup: false };
  }
  if (entry) {
    return {
      intent: entry.intent,
      reply: entry.answer(plan),
      offerSignup: entry.offerSignup ?? false,
    };
  }
  return { intent: 'fallback', reply: SALES_FALLBACK_REPLY, offerSignup: false };
}
