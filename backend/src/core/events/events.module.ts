import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { EventDiscovery } from './event-discovery';
import { LocalEvents } from './local-events';

/** Event handler discovery and local events, in the api and the worker alike. */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [EventDiscovery, LocalEvents],
  exports: [EventDiscovery, LocalEvents],
})
export class EventsModule {}
