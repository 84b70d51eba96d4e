import { Inject, Injectable, Logger } from '@nestjs/common';
import { computeEstimate, type Estimate } from '@rafter/domain/estimate';
import { type DemoRequestPayload } from '@rafter/domain/lead';
import { scoreMainSiteLead } from '@rafter/domain/lead-score';
import { DEFAULT_MATERIAL_PRICING } from '@rafter/domain/materials';
import { leadRoofArea } from '@rafter/domain/roof-measurement';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { RateLimitService } from '../../core/rate-limit/rate-limit.service';
import { RoofMeasurementService } from '../calculator/roof-measurement.service';

const TEN_MINUTES_MS = 10 * 60_000;

export interface DemoRequestAnswer {
  demo: true;
  roofArea: number;
  estimate: Estimate;
  score: number;
}

/**
 * Quote requests from the live demo on Rafter's own landing page. The demo shows contractors the
 * homeowner's journey; a request sent from it belongs to nobody. It gets the numbers a main-site
 * request would (default prices, the main-site score) and is then forgotten: no row, no outbox
 * event, so nothing can ever distribute it. Using this path instead of a real one only loses the
 * sender's own request, so it needs no defence beyond the per-visitor limit that keeps it cheap.
 */
@Injectable()
export class DemoRequestService {
  private readonly logger = new Logger(DemoRequestService.name);

  constructor(
    private readonly roofMeasurements: RoofMeasurementService,
    private readonly rateLimit: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async answer(payload: DemoRequestPayload, clientIp: string): Promise<DemoRequestAnswer> {
    // A bucket of its own: contractors trying the demo do not use up real quote requests.
    await this.rateLimit.consumeForClient(
      {
        name: 'capture-demo',
        limit: this.config.RATE_LIMIT_CAPTURE_PER_IP,
        windowMs: TEN_MINUTES_MS,
      },
      clientIp,
    );
    const { lead } = payload;
    const roofArea = leadRoofArea(await this.roofMeasurements.findMeasured(lead), lead);
    const estimate = computeEstimate(roofArea, DEFAULT_MATERIAL_PRICING[lead.material]);
    const { score } = scoreMainSiteLead({ ...lead, roofArea });
    this.logger.log('Demo quote request answered; nothing stored');
    return { demo: true, roofArea, estimate, score };
  }
}
