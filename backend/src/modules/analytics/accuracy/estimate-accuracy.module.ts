import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/auth.module';
import { PlansModule } from '../../plans/plans.module';
import { EstimateAccuracyController } from './estimate-accuracy.controller';
import { EstimateAccuracyRepository } from './estimate-accuracy.repository';
import { EstimateAccuracyService } from './estimate-accuracy.service';

/** Estimate accuracy (issue 25): GET /api/analytics/estimate-accuracy, Smart and up. */
@Module({
  imports: [AuthModule, PlansModule],
  controllers: [EstimateAccuracyController],
  providers: [EstimateAccuracyService, EstimateAccuracyRepository],
})
export class EstimateAccuracyModule {}
