import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PlansModule } from '../plans/plans.module';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';

/** Contractors' public API keys: creation, listing, revocation and the public API's key check. */
@Module({
  imports: [PlansModule],
  providers: [ApiKeysService, ApiKeysRepository],
  exports: [ApiKeysService],
})
export class ApiKeysModule {}

/** The dashboard's key routes (session only). */
@Module({
  imports: [ApiKeysModule, AuthModule],
  controllers: [ApiKeysController],
})
export class ApiKeysApiModule {}
