import { describe, expect, it } from 'vitest';
import { PLANS } from '@rafter/domain/plans';
import { ASSISTANT_NAME } from '@rafter/domain/assistant';
import {
  answerSalesQuestion,
  assistantGreeting,
  SALES_FALLBACK_REPLY,
  type SalesIntent,
} from './sales-assistant';

describe('the built-in sales assistant', () => {
  it.each<[string, SalesIntent, string[]]>([
    ['How much is the Smart plan?', 'plan', ['$47', '50 leads a month', 'most popular']],
    ['What does the Starter plan cost', 'plan', ['$17', '10 leads a month', 'Website embed']],
    ['Tell me about Instant Estimator', 'plan', ['$97', 'unlimited leads', 'custom logo']],
    ['smart', 'plan', ['$47']],
    ['What are your prices?', 'pricing', ['$17', '$47', '$97', 'no setup fees', 'QUOTE20']],
    ['How many leads do I get on Starter?', 'lead_limits', ['10 leads a month']],
    ['How many leads per plan?', 'lead_limits', ['10 leads', '50 leads', 'unlimited']],
    ['What if I go over my limit?', 'over_limit', ['never thrown away']],
    ['Is there a setup fee?', 'setup_fee', ['no setup fees']],
    ['How long does setup take?', 'setup', ['5 minutes', 'embed code', 'calculator link']],
    [
      'Can I get a refund?',
      'guarantee',
      [
        '14-day money-back',
        'in your dashboard, under Subscription',
        '4 or more leads on Starter, 10 or more on Smart or 10 or more on Instant (unlimited leads)',
        '7-10 business days',
      ],
    ],
    ['Do I have to sign a long contract', 'contract', ['month-to-month', 'no contracts']],
    ['Can I cancel anytime?', 'contract', ['cancel anytime']],
    ['Do you have a promo code?', 'promo', ['QUOTE20', '20% off your first month']],
    ['Which plan should I choose?', 'recommend', ['Starter', 'Smart', 'Most contractors']],
    ['How do instant estimates work?', 'estimates', ['satellite map', 'low, average and high']],
    ['How are leads scored?', 'lead_score', ['0 to 100']],
    ['Can I use my own logo?', 'branding', ['Instant Estimator']],
    ['Can I export my data?', 'data', ['export']],
    ['What features do you have?', 'features', ['CRM']],
    ['Hello', 'greeting', [ASSISTANT_NAME]],
    ['Thanks, bye', 'thanks', ['QUOTE20']],
  ])('%s → %s', (question, intent, fragments) => {
    const answer = answerSalesQuestion(question);
    expect(answer.intent).toBe(intent);
    for (const fragment of fragments) expect(answer.reply).toContain(fragment);
  });

  it('prices plans from the catalogue, with the QUOTE20 first month', () => {
    for (const plan of Object.values(PLANS)) {
      const { reply } = answerSalesQuestion(`price of the ${plan.name}`);
      expect(reply).toContain(`$${plan.priceCents / 100} a month`);
    }
    expect(answerSalesQuestion('How much is the Smart plan?').reply).toContain(
      'your first month is $37.60',
    );
  });

  it.each(['How do I sign up?', 'I want to get started', "Let's start", 'Can I buy it now?'])(
    '"%s" offers to open sign-up',
    (question) => {
      const answer = answerSalesQuestion(question);
      expect(answer.intent).toBe('get_started');
      expect(answer.offerSignup).toBe(true);
    },
  );

  it('does not offer sign-up for plain questions', () => {
    expect(answerSalesQuestion('How much is the Smart plan?').offerSignup).toBe(false);
  });

  it.each(['', '   ', 'What is the weather on Mars?', '¿Qué?'])(
    'falls back to what it can help with for "%s"',
    (question) => {
      expect(answerSalesQuestion(question)).toEqual({
        intent: 'fallback',
        reply: SALES_FALLBACK_REPLY,
        offerSignup: false,
      });
    },
  );

  it('is deterministic and introduces itself', () => {
    expect(answerSalesQuestion('pricing')).toEqual(answerSalesQuestion('PRICING!!'));
    expect(assistantGreeting()).toContain(`I'm ${ASSISTANT_NAME}`);
  });
});
