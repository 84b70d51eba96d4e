import { HttpStatus } from '@nestjs/common';
import { BOOKING_MESSAGES } from '@rafter/domain/calendar';
import { AppException } from '../../core/errors/app.exception';

const ERRORS = {
  not_found: { status: HttpStatus.NOT_FOUND, message: 'Contractor not found' },
  link_invalid: { status: HttpStatus.NOT_FOUND, message: BOOKING_MESSAGES.linkInvalid },
  not_offered: {
    status: HttpStatus.NOT_FOUND,
    message: 'This contractor does not take online bookings.',
  },
  already_booked: { status: HttpStatus.CONFLICT, message: BOOKING_MESSAGES.alreadyBooked },
  slot_taken: { status: HttpStatus.CONFLICT, message: BOOKING_MESSAGES.slotTaken },
  slot_unavailable: { status: HttpStatus.CONFLICT, message: BOOKING_MESSAGES.slotUnavailable },
  booking_not_found: { status: HttpStatus.NOT_FOUND, message: 'Inspection not found' },
  booking_changed: {
    status: HttpStatus.CONFLICT,
    message: 'This inspection was changed or cancelled meanwhile: reload to see it.',
  },
  google_unavailable: {
    status: HttpStatus.NOT_FOUND,
    message: 'Google Calendar sync is not set up on this server (GOOGLE_CALENDAR_CLIENT_ID).',
  },
} as const;

export type CalendarErrorCode = keyof typeof ERRORS;

export class CalendarException extends AppException {
  constructor(code: CalendarErrorCode) {
    super(code, ERRORS[code].message, ERRORS[code].status);
  }
}
