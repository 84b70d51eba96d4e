import { type DynamicModule, Module, type ModuleMetadata, type Type } from '@nestjs/common';
import {
  RealtimeGateway,
  SOCKET_AUTHENTICATOR,
  type SocketAuthenticator,
} from './realtime.gateway';
import { RealtimePublisher } from './realtime.publisher';
import { WorkerRealtimeEmitter } from './worker-realtime.emitter';

/**
 * RealtimePublisher for every module, global, in one of two forms: the api's Socket.IO gateway
 * (sockets let in by the authenticator the composition root passes), or the worker's emitter,
 * which reaches the api instances' sockets through Redis.
 */
@Module({})
export class RealtimeModule {
  static forApi(authenticator: {
    imports: ModuleMetadata['imports'];
    useExisting: Type<SocketAuthenticator>;
  }): DynamicModule {
    return {
      module: RealtimeModule,
      global: true,
      imports: authenticator.imports,
      providers: [
        { provide: SOCKET_AUTHENTICATOR, useExisting: authenticator.useExisting },
        RealtimeGateway,
        RealtimePublisher,
      ],
      exports: [RealtimePublisher],
    };
  }

  static forWorker(): DynamicModule {
    return {
      module: RealtimeModule,
      global: true,
      providers: [
        WorkerRealtimeEmitter,
        { provide: RealtimeGateway, useExisting: WorkerRealtimeEmitter },
        RealtimePublisher,
      ],
      exports: [RealtimePublisher],
    };
  }
}
