import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { OutboxService } from '../../core/outbox/outbox.service';
import { RateLimitModule } from '../../core/rate-limit/rate-limit.module';
import { AccessTokenGuard } from './access-token.guard';
import { AuthCookies } from './auth-cookies';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailTokensRepository } from './email-tokens.repository';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { SignInFailuresRepository } from './sign-in-failures.repository';
import { UsersRepository } from './users.repository';

/**
 * Accounts and sessions. Other modules import it for AccessTokenGuard (with @CurrentUser());
 * Google sign-in also uses the sessions, users, e-mail links, sign-in failures and cookies.
 */
@Module({
  imports: [
    RateLimitModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.AUTH_SECRET,
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [
    AuthService,
    SessionsService,
    UsersRepository,
    SessionsRepository,
    EmailTokensRepository,
    SignInFailuresRepository,
    AuthCookies,
    AccessTokenGuard,
    OutboxService,
  ],
  exports: [
    SessionsService,
    UsersRepository,
    SessionsRepository,
    EmailTokensRepository,
    SignInFailuresRepository,
    AuthCookies,
    AccessTokenGuard,
  ],
})
export class AuthModule {}
