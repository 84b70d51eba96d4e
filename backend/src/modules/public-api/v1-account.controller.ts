import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type V1Account } from '@rafter/domain/public-api';
import { type ApiCaller } from '../api-keys/api-keys.service';
import { CurrentApiCaller, RequireScope } from './api-caller.decorator';
import { ApiKeyGuard } from './api-key.guard';
import { ApiProblems, FORBIDDEN } from './api-problems.decorator';
import { V1AccountDto } from './public-api.dto';
import { ACCOUNT_EXAMPLE } from './public-api.examples';
import { PublicApiService } from './public-api.service';

/** Who the key belongs to, its plan and this month's usage. */
@ApiTags('account')
@ApiBearerAuth('apiKey')
@UseGuards(ApiKeyGuard)
@Controller('v1/account')
export class V1AccountController {
  constructor(private readonly api: PublicApiService) {}

  @Get()
  @RequireScope('leads:read')
  @ApiOperation({
    operationId: 'getAccount',
    summary: 'Who am I',
    description:
      "The contractor the key belongs to, the key's id and scopes, the plan and this month's lead usage (`monthlyLeadLimit` null is unlimited). Needs `leads:read`.",
  })
  @ApiOkResponse({ type: V1AccountDto, example: ACCOUNT_EXAMPLE })
  @ApiProblems(FORBIDDEN)
  account(@CurrentApiCaller() caller: ApiCaller): Promise<V1Account> {
    return this.api.account(caller);
  }
}
