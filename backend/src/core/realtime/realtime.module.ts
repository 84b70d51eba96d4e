import { Module } from '@nestjs/common';
import { AuthModule } from '../../modules/auth/auth.module';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimePublisher } from './realtime.publisher';

/** The Socket.IO gateway; other modules import it for RealtimePublisher. */
@Module({
  imports: [AuthModule],
  providers: [RealtimeGateway, RealtimePublisher],
  exports: [RealtimePublisher],
})
export class RealtimeModule {}
