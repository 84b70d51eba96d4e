import { Module } from '@nestjs/common';
import { StorageModule } from '../../core/storage/storage.module';
import { AuthModule } from '../auth/auth.module';
import { PlansModule } from '../plans/plans.module';
import { ProfilesController } from './profiles.controller';
import { ProfilesRepository } from './profiles.repository';
import { ProfilesService } from './profiles.service';

/** The contractor's business profile and logo. */
@Module({
  imports: [PlansModule, StorageModule],
  providers: [ProfilesService, ProfilesRepository],
  exports: [ProfilesService],
})
export class ProfilesModule {}

/** The api's profile routes. */
@Module({
  imports: [ProfilesModule, AuthModule],
  controllers: [ProfilesController],
})
export class ProfilesApiModule {}
