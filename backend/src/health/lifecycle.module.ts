import { Global, Module, type DynamicModule } from '@nestjs/common';
import { Lifecycle } from './lifecycle.js';

/** The process's Lifecycle (main.ts's, or a test app's own), for whoever reads or moves it. */
@Global()
@Module({})
export class LifecycleModule {
  static forRoot(lifecycle: Lifecycle): DynamicModule {
    return {
      module: LifecycleModule,
      providers: [{ provide: Lifecycle, useValue: lifecycle }],
      exports: [Lifecycle],
    };
  }
}
