import { Body, Controller, Delete, Get, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type ApiKeyList, type ApiKeySummary, type CreatedApiKey } from '@rafter/domain/api-keys';
import { AccessTokenGuard } from '../auth/access-token.guard';
import { type AuthenticatedUser, CurrentUser } from '../auth/current-user.decorator';
import { ApiKeyListDto, ApiKeySummaryDto, CreateApiKeyDto, CreatedApiKeyDto } from './api-keys.dto';
import { ApiKeysService } from './api-keys.service';

/** The dashboard's Integrations tab: the signed-in contractor's public API keys. */
@ApiTags('api-keys')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@UseGuards(AccessTokenGuard)
@Controller('api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @ApiOperation({
    summary: 'Your API keys, active first: prefix, scopes and last use, never the key',
  })
  @ApiOkResponse({ type: ApiKeyListDto })
  list(@CurrentUser() user: AuthenticatedUser): Promise<ApiKeyList> {
    return this.keys.list(user.id);
  }

  @Post()
  @ApiOperation({
    summary: 'Creates a key (Smart plan and up); the answer holds the whole key, once',
  })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  @ApiBadRequestResponse({ description: 'The name or scopes are invalid' })
  @ApiForbiddenResponse({ description: 'The plan does not include the API (upgrade_required)' })
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CreateApiKeyDto,
  ): Promise<CreatedApiKey> {
    return this.keys.create(user.id, body);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Revokes a key: every request with it is refused from now on' })
  @ApiOkResponse({ type: ApiKeySummaryDto })
  @ApiNotFoundResponse({ description: 'No such key of yours' })
  revoke(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<ApiKeySummary> {
    return this.keys.revoke(user.id, id);
  }
}
