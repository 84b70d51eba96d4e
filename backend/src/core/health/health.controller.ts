import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { HealthReportDto } from './health.dto';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOkResponse({ type: HealthReportDto, description: 'Database and Redis are up' })
  @ApiServiceUnavailableResponse({ type: HealthReportDto, description: 'A dependency is down' })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReportDto> {
    const report = await this.health.check();
    reply.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    reply.header('cache-control', 'no-store');
    return report;
  }
}
