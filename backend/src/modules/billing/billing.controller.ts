import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Post,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPaymentRequiredResponse,
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
  PlanChangePreviewDto,
  PlanChangePreviewRequestDto,
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
      "With an active subscription on that plan the URL is the success page; with one on another plan it is the subscription tab's confirmation of the change (nothing is charged here).",
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

  @Post('billing/plan-change-preview')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: "What changing to another plan would cost (Stripe's invoice preview); changes nothing",
    description:
      'An upgrade is previewed now, prorated; a downgrade at the renewal unless timing is now. Send prorationDate and amountDueToday back with change-subscription.',
  })
  @ApiOkResponse({ type: PlanChangePreviewDto })
  @ApiBadRequestResponse({
    description: 'newProductId is not a plan, or the timing is not allowed',
  })
  @ApiNotFoundResponse({ description: 'No active subscription' })
  @ApiConflictResponse({ description: 'Already on this plan' })
  @ApiServiceUnavailableResponse({ description: 'Payments are not configured' })
  @ApiBadGatewayResponse({ description: 'Stripe failed' })
  previewChange(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: PlanChangePreviewRequestDto,
  ): Promise<PlanChangePreviewDto> {
    return this.billing.previewChange(user, body.newProductId, body.timing);
  }

  @Post('change-subscription')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Change the live subscription to another plan, as previewed',
    description:
      'Without timing an upgrade starts now (prorated, charged to the card on file) and a downgrade at the renewal. With prorationDate and expectedAmountDue from the preview the charge is the one previewed, or 409. canceledCount is 1 when the old subscription could not be changed and was cancelled instead (checkout follows), 0 otherwise (also when there is none).',
  })
  @ApiOkResponse({ type: ChangeSubscriptionResponseDto })
  @ApiBadRequestResponse({
    description: 'newProductId is not a plan, or the timing is not allowed',
  })
  @ApiForbiddenResponse({ description: FORBIDDEN })
  @ApiPaymentRequiredResponse({ description: 'The card was declined; nothing changed' })
  @ApiConflictResponse({ description: 'The preview is out of date or its amount changed' })
  @ApiServiceUnavailableResponse({ description: 'Payments are not configured' })
  changeSubscription(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ChangeSubscriptionDto,
  ): Promise<ChangeSubscriptionResponseDto> {
    this.billing.assertOwnUser(user, body.userId);
    return this.billing.changeSubscription(user, body);
  }

  @Delete('billing/pending-change')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Take back a plan change waiting for the renewal' })
  @ApiNoContentResponse({ description: 'The current plan renews as before' })
  @ApiNotFoundResponse({ description: 'No plan change is waiting' })
  @ApiServiceUnavailableResponse({ description: 'Payments are not configured' })
  cancelPendingChange(@CurrentUser() user: AuthenticatedUser): Promise<void> {
    return this.billing.cancelPendingChange(user);
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
