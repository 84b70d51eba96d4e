import { Body, Controller, Get, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AccessTokenGuard } from '../auth/access-token.guard';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import {
  CancellationStatusDto,
  CancelSubscriptionResponseDto,
  ChangeSubscriptionDto,
  ChangeSubscriptionResponseDto,
  CheckoutDto,
  CheckoutResponseDto,
  MonthlyLeadCountDto,
  RefundResponseDto,
  SubscriptionViewDto,
  UserIdOnlyDto,
} from './billing.dto';
import { BillingService } from './billing.service';

const FORBIDDEN = 'The body userId is not the caller: you can only manage your own subscription';

/** The spec's billing endpoints (their paths kept) and the subscription tab's own calls. */
@ApiTags('billing')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@UseGuards(AccessTokenGuard)
@Controller()
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @Get('billing/subscription')
  @ApiOperation({ summary: "The caller's plan, period, usage and refund eligibility" })
  @ApiOkResponse({ type: SubscriptionViewDto })
  subscription(@CurrentUser() user: AuthenticatedUser): Promise<SubscriptionViewDto> {
    return this.billing.view(user);
  }

  @Post('checkout')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'A Stripe Checkout URL for a plan (QUOTE20 accepted there)',
    description:
      'With an active subscription on that plan the URL is the success page; with one on another plan the plan is switched in place (prorated) and the URL is the success page.',
  })
  @ApiOkResponse({ type: CheckoutResponseDto })
  @ApiBadRequestResponse({ description: 'productId is not a plan' })
  @ApiForbiddenResponse({ description: FORBIDDEN })
  @ApiServiceUnavailableResponse({ description: 'Payments are not configured' })
  @ApiBadGatewayResponse({ description: 'Stripe failed' })
  checkout(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CheckoutDto,
  ): Promise<CheckoutResponseDto> {
    this.billing.assertOwnUser(user, body.userId);
    return this.billing.checkout(user, body.productId);
  }

  @Post('change-subscription')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Switch the live subscription to another plan (prorated)',
    description:
      'canceledCount is 1 when the old subscription could not be switched and was cancelled instead, 0 otherwise (also when there is none).',
  })
  @ApiOkResponse({ type: ChangeSubscriptionResponseDto })
  @ApiBadRequestResponse({ description: 'newProductId is not a plan' })
  @ApiForbiddenResponse({ description: FORBIDDEN })
  @ApiServiceUnavailableResponse({ description: 'Payments are not configured' })
  changeSubscription(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ChangeSubscriptionDto,
  ): Promise<ChangeSubscriptionResponseDto> {
    this.billing.assertOwnUser(user, body.userId);
    return this.billing.changeSubscription(user, body.newProductId);
  }

  @Post('cancel-subscription')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Cancel at the end of the paid period' })
  @ApiOkResponse({ type: CancelSubscriptionResponseDto })
  @ApiForbiddenResponse({ description: FORBIDDEN })
  @ApiNotFoundResponse({ description: 'No active subscription' })
  @ApiServiceUnavailableResponse({ description: 'Payments are not configured' })
  cancel(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: UserIdOnlyDto,
  ): Promise<CancelSubscriptionResponseDto> {
    this.billing.assertOwnUser(user, body.userId);
    return this.billing.cancel(user);
  }

  @Post('check-cancellation-status')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Whether the active subscription ends at period end' })
  @ApiOkResponse({ type: CancellationStatusDto })
  @ApiForbiddenResponse({ description: FORBIDDEN })
  cancellationStatus(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: UserIdOnlyDto,
  ): Promise<CancellationStatusDto> {
    this.billing.assertOwnUser(user, body.userId);
    return this.billing.cancellationStatus(user);
  }

  @Post('get-monthly-lead-count')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "The caller's leads this calendar month (profile time zone, else UTC)",
  })
  @ApiOkResponse({ type: MonthlyLeadCountDto })
  @ApiForbiddenResponse({ description: FORBIDDEN })
  monthlyLeadCount(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: UserIdOnlyDto,
  ): Promise<MonthlyLeadCountDto> {
    this.billing.assertOwnUser(user, body.userId);
    return this.billing.monthlyLeadCount(user);
  }

  @Post('billing/refund')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Money-back refund: refunds the payments and cancels now',
    description: 'Within 14 days of the first payment and below the lead threshold of the plan.',
  })
  @ApiOkResponse({ type: RefundResponseDto })
  @ApiConflictResponse({ description: 'Not eligible; the error says why' })
  @ApiServiceUnavailableResponse({ description: 'Payments are not configured' })
  refund(@CurrentUser() user: AuthenticatedUser): Promise<RefundResponseDto> {
    return this.billing.refund(user);
  }
}
