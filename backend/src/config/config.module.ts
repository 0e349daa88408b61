import { Global, Module, type DynamicModule } from '@nestjs/common';
import { loadConfig, type AppConfig } from './env.schema.js';

/** Injection token for the validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** Provides the configuration validated once at boot (or handed in by the entry point or a test). */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig = loadConfig()): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}
