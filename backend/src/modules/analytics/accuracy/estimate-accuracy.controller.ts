import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type EstimateAccuracy } from '@rafter/domain/estimate-accuracy';
import { AccessTokenGuard } from '../../auth/access-token.guard';
import { type AuthenticatedUser, CurrentUser } from '../../auth/current-user.decorator';
import { EstimateAccuracyDto, EstimateAccuracyQueryDto } from './estimate-accuracy.dto';
import { EstimateAccuracyService } from './estimate-accuracy.service';

/** The Analytics tab's estimate accuracy for the signed-in contractor. */
@ApiTags('analytics')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@UseGuards(AccessTokenGuard)
@Controller('analytics')
export class EstimateAccuracyController {
  constructor(private readonly accuracy: EstimateAccuracyService) {}

  @Get('estimate-accuracy')
  @ApiOperation({
    summary:
      'Estimate vs sold price of won leads received in the range, by material and roof size, with suggested price ranges',
  })
  @ApiOkResponse({ type: EstimateAccuracyDto })
  @ApiBadRequestResponse({ description: 'from or to is not YYYY-MM-DD, or the range is invalid' })
  @ApiForbiddenResponse({ description: "'upgrade_required': below the Smart plan" })
  get(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: EstimateAccuracyQueryDto,
  ): Promise<EstimateAccuracy> {
    return this.accuracy.accuracy(user.id, query);
  }
}
