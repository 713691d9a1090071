import { ChallengeModule } from '../challenge/challenge.module.js';
import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module.js';
import { CouponsModule } from '../coupons/coupons.module.js';
import { FulfilmentModule } from '../fulfilment/fulfilment.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { CheckoutController } from './checkout.controller.js';
import { CheckoutService } from './checkout.service.js';
import { GeoIp } from '../common/geo-ip.js';
import { VatNumberChecker } from '../tax/vat-numbers.service.js';
import { TaxRatesController } from './tax-rates.controller.js';

@Module({
  imports: [CatalogModule, CouponsModule, PaymentsModule, FulfilmentModule, ChallengeModule],
  controllers: [CheckoutController, TaxRatesController],
  // The geo-IP database is read once, when the app starts.
  providers: [CheckoutService, VatNumberChecker, { provide: GeoIp, useFactory: () => new GeoIp() }],
})
export class CheckoutModule {}
