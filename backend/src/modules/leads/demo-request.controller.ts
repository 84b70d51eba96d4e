import { Body, Controller, Ip, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { DemoRequestAnswerDto, DemoRequestDto } from './lead-capture.dto';
import { DemoRequestService } from './demo-request.service';

/** The landing page's live demo; no sign-in. */
@ApiTags('leads')
@Controller()
export class DemoRequestController {
  constructor(private readonly demo: DemoRequestService) {}

  @Post('demo-requests')
  @ApiOperation({
    summary: 'A quote request from the landing page demo: answered, never stored or distributed',
  })
  @ApiCreatedResponse({ type: DemoRequestAnswerDto, description: "The server's numbers" })
  @ApiBadRequestResponse({ description: 'A field is invalid; the message names it' })
  @ApiTooManyRequestsResponse({ description: 'Too many requests; see Retry-After' })
  answer(@Body() body: DemoRequestDto, @Ip() ip: string): Promise<DemoRequestAnswerDto> {
    return this.demo.answer(body, ip);
  }
}
