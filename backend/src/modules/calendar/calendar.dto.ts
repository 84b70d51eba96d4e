import {
  availabilitySchema,
  bookingRequestSchema,
  contractorRescheduleSchema,
  manageBookingSchema,
  rescheduleBookingSchema,
} from '@rafter/domain/calendar';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

export class AvailabilityDto extends createZodDto(availabilitySchema) {}
export class BookingRequestDto extends createZodDto(bookingRequestSchema) {}
export class ManageBookingDto extends createZodDto(manageBookingSchema) {}
export class RescheduleBookingDto extends createZodDto(rescheduleBookingSchema) {}
export class ContractorRescheduleDto extends createZodDto(contractorRescheduleSchema) {}

const slotSchema = z.object({ startsAt: z.string(), endsAt: z.string() });
const homeownerBookingSchema = z.object({
  id: z.guid(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['booked', 'cancelled']),
  contractorName: z.string(),
  timeZone: z.string(),
  address: z.string(),
  manageToken: z.string(),
});
const offerSchema = z.object({
  contractorName: z.string(),
  timeZone: z.string(),
  inspectionMinutes: z.number().int(),
  slots: z.array(slotSchema),
  booking: homeownerBookingSchema.nullable(),
});
const contractorBookingSchema = z.object({
  id: z.guid(),
  leadId: z.guid(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['booked', 'cancelled']),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  leadStatus: z.string(),
});

export class SlotsDto extends createZodDto(
  z.object({ timeZone: z.string(), slots: z.array(slotSchema) }),
) {}
export class BookingOfferDto extends createZodDto(offerSchema) {}
export class HomeownerBookingDto extends createZodDto(homeownerBookingSchema) {}
export class ManagedBookingDto extends createZodDto(
  z.object({ booking: homeownerBookingSchema, offer: offerSchema }),
) {}
export class ContractorBookingDto extends createZodDto(contractorBookingSchema) {}
export class AgendaDto extends createZodDto(
  z.object({ bookings: z.array(contractorBookingSchema) }),
) {}
export class FeedUrlDto extends createZodDto(z.object({ url: z.string() })) {}
export class TokenQueryDto extends createZodDto(
  z.object({
    token: z.string({ error: 'The link is invalid' }).max(200, { error: 'The link is invalid' }),
  }),
) {}
export class GoogleCalendarStatusDto extends createZodDto(
  z.object({
    available: z.boolean(),
    connected: z.boolean(),
    accountEmail: z.string().nullable(),
    connectedAt: z.string().nullable(),
    busySyncedAt: z.string().nullable(),
    error: z.object({ message: z.string(), at: z.string() }).nullable(),
  }),
) {}
export class GoogleCalendarConnectDto extends createZodDto(z.object({ url: z.string() })) {}
