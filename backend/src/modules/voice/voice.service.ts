import { Inject, Injectable, Logger } from '@nestjs/common';
import { ASSISTANT_NAME } from '@rafter/domain/assistant';
import type { DemoCallResponse, VoiceSettings } from '@rafter/domain/voice';
import type Retell from 'retell-sdk';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { PaidCallBudget } from '../../core/rate-limit/paid-call-budget.service';
import { RateLimitService } from '../../core/rate-limit/rate-limit.service';
import { RETELL_CLIENT } from './retell.provider';
import { VoiceException } from './voice.exception';

const ONE_HOUR_MS = 60 * 60_000;

export const BUILT_IN_ANSWER =
  'Live voice calls are not configured here: the built-in assistant answers instead.';

/**
 * The landing page's voice assistant: Retell web calls when Retell is configured, otherwise the
 * browser runs the built-in assistant. Each Retell call costs money, so they are limited per IP
 * and capped per day for everyone together.
 */
@Injectable()
export class VoiceService {
  private readonly logger = new Logger(VoiceService.name);

  constructor(
    @Inject(RETELL_CLIENT) private readonly retell: Retell | null,
    private readonly rateLimit: RateLimitService,
    private readonly paidCalls: PaidCallBudget,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  settings(): VoiceSettings {
    return { provider: this.config.voiceProvider, assistantName: ASSISTANT_NAME };
  }

  async createDemoCall(clientIp: string): Promise<DemoCallResponse> {
    const { retell } = this;
    if (!retell || !this.config.RETELL_AGENT_ID) {
      return { success: false, provider: 'built-in', error: BUILT_IN_ANSWER };
    }
    await this.rateLimit.consumeForClient(
      {
        name: 'demo-call-ip',
        limit: this.config.RATE_LIMIT_DEMO_CALL_PER_IP,
        windowMs: ONE_HOUR_MS,
      },
      clientIp,
    );
    if (!(await this.paidCalls.spend('retell'))) throw new VoiceException('daily_cap_reached');
    const started = performance.now();
    try {
      const call = await retell.call.createWebCall({ agent_id: this.config.RETELL_AGENT_ID });
      this.logger.log(
        { callId: call.call_id, ms: Math.round(performance.now() - started) },
        'Demo call created',
      );
      return { success: true, provider: 'retell', access_token: call.access_token };
    } catch (error) {
      // The SDK's message is Retell's status and text; the key is never part of it.
      this.logger.warn(
        {
          status: (error as { status?: unknown }).status,
          err: error instanceof Error ? error.message : String(error),
          ms: Math.round(performance.now() - started),
        },
        'Retell did not create the demo call',
      );
      throw new VoiceException('provider_failed');
    }
  }
}
