import { Module } from '@nestjs/common';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './core/database/database.module';
import { HealthModule } from './core/health/health.module';
import { LoggingModule } from './core/logging/logging.module';
import { RedisModule } from './core/redis/redis.module';
import { CalculatorModule } from './modules/calculator/calculator.module';
import { LeadsModule } from './modules/leads/leads.module';
import { DevMailboxModule } from './modules/notifications/dev-mailbox.module';

@Module({
  imports: [
    ConfigModule,
    LoggingModule,
    DatabaseModule,
    RedisModule,
    HealthModule,
    CalculatorModule,
    LeadsModule,
    DevMailboxModule,
  ],
})
export class AppModule {}
