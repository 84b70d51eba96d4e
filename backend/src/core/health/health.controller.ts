import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { HealthReportDto, LivenessDto } from './health.dto';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({ summary: 'Readiness: whether the database and Redis answer' })
  @ApiOkResponse({ type: HealthReportDto, description: 'Database and Redis are up' })
  @ApiServiceUnavailableResponse({ type: HealthReportDto, description: 'A dependency is down' })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReportDto> {
    const report = await this.health.check();
    reply.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    reply.header('cache-control', 'no-store');
    return report;
  }

  /**
   * Liveness for balancers and orchestrators: 200 whenever this process serves requests. The api
   * keeps capturing leads while Redis is down, so a Redis outage must not take it out of rotation.
   */
  @Get('live')
  @ApiOperation({ summary: 'Liveness: whether this process serves requests' })
  @ApiOkResponse({ type: LivenessDto, description: 'The process is serving requests' })
  live(): LivenessDto {
    return { status: 'ok' };
  }
}
