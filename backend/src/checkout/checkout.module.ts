import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { CouponsModule } from '../coupons/coupons.module.js';
import { FulfilmentModule } from '../fulfilment/fulfilment.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { CheckoutController } from './checkout.controller.js';
import { CheckoutService } from './checkout.service.js';

@Module({
  imports: [CatalogModule, CouponsModule, PaymentsModule, FulfilmentModule],
  controllers: [CheckoutController],
  providers: [CheckoutService],
})
export class CheckoutModule {}
