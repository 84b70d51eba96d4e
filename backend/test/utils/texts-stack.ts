import { startFakeTwilio, type FakeTwilio } from '../../src/dev/twilio/fake-twilio.server';
import { startTestStack, type TestStack } from './stack';

export interface TextsStack extends TestStack {
  /** The fake Twilio the stack texts through (its `messages` are what was sent). */
  fake: FakeTwilio;
}

/**
 * The test stack with texts configured against a fake Twilio of its own, through the twilio SDK
 * as in production, and no capture rate limits (a test captures many quote requests).
 */
export async function startTextsStack(env: Record<string, string> = {}): Promise<TextsStack> {
  const fake = await startFakeTwilio();
  try {
    const stack = await startTestStack({
      TWILIO_ACCOUNT_SID: fake.accountSid,
      TWILIO_AUTH_TOKEN: fake.authToken,
      TWILIO_FROM_NUMBER: fake.fromNumber,
      TWILIO_API_URL: fake.apiUrl,
      RATE_LIMIT_CAPTURE_PER_IP: '0',
      FORM_BURST_PER_MINUTE: '0',
      ...env,
    });
    return {
      ...stack,
      fake,
      close: async () => {
        await stack.close();
        await fake.stop();
      },
    };
  } catch (error) {
    await fake.stop();
    throw error;
  }
}
