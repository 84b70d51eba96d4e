import {
  Body,
  Controller,
  Get,
  Header,
  Headers,
  HttpCode,
  HttpStatus,
  Ip,
  Post,
  UseFilters,
} from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import {
  DemoCallRequestDto,
  DemoCallResponseDto,
  parseDemoCallBody,
  VoiceSettingsDto,
} from './voice.dto';
import { VoiceExceptionFilter } from './voice-exception.filter';
import { VoiceService } from './voice.service';

export const DEMO_CALL_PATH = 'demo-call';

/** The landing page's voice sales assistant; no sign-in. */
@ApiTags('voice')
@UseFilters(VoiceExceptionFilter)
@Controller()
export class VoiceController {
  constructor(private readonly voice: VoiceService) {}

  @Get('voice')
  @ApiOperation({ summary: 'Which assistant the voice widget runs, and its name' })
  @ApiOkResponse({ type: VoiceSettingsDto })
  settings(): VoiceSettingsDto {
    return this.voice.settings();
  }

  @Post(DEMO_CALL_PATH)
  @HttpCode(HttpStatus.OK)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'A token to join a live voice call with the sales assistant',
    description:
      'With Retell configured: `{ success: true, access_token }` (use the token within 30 s). ' +
      "Without it: `{ success: false, provider: 'built-in', error }`, and the browser runs the " +
      'built-in assistant. No body is needed; an empty JSON object is accepted.',
  })
  @ApiBody({ type: DemoCallRequestDto, required: false })
  @ApiOkResponse({ type: DemoCallResponseDto })
  @ApiBadRequestResponse({ description: 'The body is not an empty JSON object' })
  @ApiUnsupportedMediaTypeResponse({ description: 'A body that is not JSON' })
  @ApiTooManyRequestsResponse({ description: 'Too many calls from this IP; see Retry-After' })
  @ApiBadGatewayResponse({
    type: DemoCallResponseDto,
    description: '`{ success: false, error }`: Retell did not create the call',
  })
  @ApiServiceUnavailableResponse({
    type: DemoCallResponseDto,
    description: "`{ success: false, error }`: today's cap on live calls is reached",
  })
  demoCall(
    @Headers('content-type') contentType: string | undefined,
    // Validated by parseDemoCallBody: no body at all is valid, which a DTO parameter refuses.
    @Body() body: unknown,
    @Ip() ip: string,
  ): Promise<DemoCallResponseDto> {
    parseDemoCallBody(contentType, body);
    return this.voice.createDemoCall(ip);
  }
}
