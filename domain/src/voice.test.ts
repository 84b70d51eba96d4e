import { describe, expect, it } from 'vitest';
import { PLANS } from './plans';
import {
  answerSalesQuestion,
  ASSISTANT_NAME,
  assistantGreeting,
  callFailedMessage,
  demoCallRequestSchema,
  microphoneRequiredMessage,
  MICROPHONE_CONSTRAINTS,
  NUDGE_MESSAGES,
  nudgeMessage,
  SALES_FALLBACK_REPLY,
  VOICE_AUDIO,
  VOICE_ERRORS,
  VOICE_MOBILE_BREAKPOINT_PX,
  VOICE_TIMERS,
  type SalesIntent,
} from './voice';

describe('voice widget constants', () => {
  it('uses the spec timers, audio analysis, breakpoint and capture settings', () => {
    expect(VOICE_TIMERS).toEqual({
      nudgeIntervalMs: 8000,
      nudgeVisibleMs: 4000,
      serverLeaveHangupMs: 500,
    });
    expect(VOICE_AUDIO).toEqual({ fftSize: 2048, smoothingTimeConstant: 0.8 });
    expect(VOICE_MOBILE_BREAKPOINT_PX).toBe(768);
    expect(MICROPHONE_CONSTRAINTS).toEqual({
      echoCancellation: true,
      noiseSuppression: true,
      autoGainControl: true,
      channelCount: 1,
    });
  });

  it('has five distinct nudges and cycles through them', () => {
    expect(NUDGE_MESSAGES).toHaveLength(5);
    expect(new Set(NUDGE_MESSAGES).size).toBe(5);
    expect([0, 1, 2, 3, 4, 5, 6].map(nudgeMessage)).toEqual([
      ...NUDGE_MESSAGES,
      NUDGE_MESSAGES[0],
      NUDGE_MESSAGES[1],
    ]);
    expect(NUDGE_MESSAGES.join(' ')).toContain('QUOTE20');
  });

  it('words the errors exactly as the spec does', () => {
    expect(microphoneRequiredMessage()).toBe(
      `Microphone permission is required to talk to ${ASSISTANT_NAME}`,
    );
    expect(microphoneRequiredMessage('Sam')).toBe(
      'Microphone permission is required to talk to Sam',
    );
    expect(callFailedMessage('Network down')).toBe('Call failed: Network down');
    expect(VOICE_ERRORS).toEqual({
      demoCallFailed: 'Failed to start demo call',
      initializeFailed: 'Failed to initialize voice call. Please try again.',
      connectFailed: 'Failed to connect. Please try again.',
      errorStartingCall: 'Error starting call',
    });
  });

  it('accepts an empty demo-call body and refuses anything else', () => {
    expect(demoCallRequestSchema.safeParse({}).success).toBe(true);
    expect(demoCallRequestSchema.safeParse({ agent: 'x' }).success).toBe(false);
    expect(demoCallRequestSchema.safeParse([]).success).toBe(false);
  });
});

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
