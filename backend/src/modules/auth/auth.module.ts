import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { OutboxModule } from '../../core/outbox/outbox.module';
import { RateLimitModule } from '../../core/rate-limit/rate-limit.module';
import { AccessTokenGuard } from './access-token.guard';
import { AuthCookies } from './auth-cookies';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailLinksService } from './email-links.service';
import { EmailTokensRepository } from './email-tokens.repository';
import { SweepExpiredCredentialsJob } from './jobs/sweep-expired-credentials.job';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { SignInFailuresRepository } from './sign-in-failures.repository';
import { UsersRepository } from './users.repository';

/**
 * Accounts and sessions, in the api and the worker (the hourly sweep of expired credentials).
 * Other modules import it for AccessTokenGuard (with @CurrentUser()) and the account e-mails'
 * links; Google sign-in (same folder) also uses its repositories.
 */
@Module({
  imports: [
    RateLimitModule,
    OutboxModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.AUTH_SECRET,
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  providers: [
    AuthService,
    SessionsService,
    EmailLinksService,
    UsersRepository,
    SessionsRepository,
    EmailTokensRepository,
    SignInFailuresRepository,
    AuthCookies,
    AccessTokenGuard,
    SweepExpiredCredentialsJob,
  ],
  exports: [
    AuthService,
    SessionsService,
    EmailLinksService,
    UsersRepository,
    SessionsRepository,
    EmailTokensRepository,
    SignInFailuresRepository,
    AuthCookies,
    AccessTokenGuard,
  ],
})
export class AuthModule {}

/** The api's account routes. */
@Module({
  imports: [AuthModule],
  controllers: [AuthController],
})
export class AuthApiModule {}
