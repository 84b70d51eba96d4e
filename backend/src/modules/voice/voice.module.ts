import { Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { RateLimitModule } from '../../core/rate-limit/rate-limit.module';
import { acceptEmptyJsonBody } from './empty-json-body';
import { retellClientProvider } from './retell.provider';
import { DEMO_CALL_PATH, VoiceController } from './voice.controller';
import { VoiceService } from './voice.service';

/** The landing page's voice assistant: Retell demo-call tokens, or the built-in assistant. */
@Module({
  imports: [RateLimitModule],
  controllers: [VoiceController],
  providers: [retellClientProvider, VoiceService],
})
export class VoiceModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify) acceptEmptyJsonBody(fastify, `/api/${DEMO_CALL_PATH}`);
  }
}
