import { Global, Module, type DynamicModule } from '@nestjs/common';
import { Clock } from './clock.service.js';

@Global()
@Module({})
export class ClockModule {
  /** The real clock, or one the caller moves (the end-to-end tests' `FakeClock`), bound as `Clock` for everyone. */
  static forRoot(clock: Clock = new Clock()): DynamicModule {
    return { module: ClockModule, providers: [{ provide: Clock, useValue: clock }], exports: [Clock] };
  }
}
