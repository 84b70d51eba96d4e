import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/config';
import { AuthModule } from '../auth.module';
import { GoogleAuthController } from './google-auth.controller';
import { GoogleAuthGuard } from './google-auth.guard';
import { GoogleAuthService } from './google-auth.service';
import { GoogleStateStore } from './google-state.store';
import { GoogleStrategy } from './google.strategy';

/** Google sign-in: `/api/auth/google` and its callback. */
@Module({
  imports: [AuthModule],
  controllers: [GoogleAuthController],
  providers: [
    GoogleAuthService,
    GoogleStateStore,
    GoogleAuthGuard,
    {
      // Without a client the routes answer 404 and there is no strategy to register.
      provide: GoogleStrategy,
      inject: [APP_CONFIG, GoogleStateStore, GoogleAuthService],
      useFactory: (
        config: AppConfig,
        stateStore: GoogleStateStore,
        googleAuth: GoogleAuthService,
      ) => (config.googleSignInEnabled ? new GoogleStrategy(config, stateStore, googleAuth) : null),
    },
  ],
})
export class GoogleAuthModule {}
