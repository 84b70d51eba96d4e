import { Module } from '@nestjs/common';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './core/database/database.module';
import { HealthModule } from './core/health/health.module';
import { LoggingModule } from './core/logging/logging.module';
import { RedisModule } from './core/redis/redis.module';

@Module({
  imports: [ConfigModule, LoggingModule, DatabaseModule, RedisModule, HealthModule],
})
export class AppModule {}
