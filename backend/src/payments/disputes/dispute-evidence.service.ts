import {
  BadGatewayException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditService, type AuditActor } from '../../audit/audit.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { runInTransaction } from '../../database/transactions.js';
import { Order } from '../../orders/entities/order.entity.js';
import { ProviderUnsupported } from '../payment-provider.js';
import { PaymentProviders } from '../payment-providers.js';
import { DisputesService } from './disputes.service.js';
import type { Dispute } from './entities/dispute.entity.js';
import { renderEvidencePdf } from './evidence-pdf.js';
import { buildEvidencePack, evidenceFields, type EvidencePack } from './evidence.js';

/** The evidence pack of a dispute: read by staff (PDF or JSON), submitted to the provider by an admin. */
@Injectable()
export class DisputeEvidenceService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly disputes: DisputesService,
    private readonly providers: PaymentProviders,
    private readonly audit: AuditService,
  ) {}

  /** The pack, its reading recorded in the audit trail (it is the customer's data, going to a bank). */
  async read(orderId: string, disputeId: string, format: 'pdf' | 'json', actor: AuditActor) {
    const { pack } = await this.pack(orderId, disputeId);
    await runInTransaction(this.db, (m) =>
      this.audit.record(m, actor, {
        action: 'disputes.evidence-read',
        resource: 'orders',
        resourceId: orderId,
        after: { disputeId, format },
      }),
    );
    return format === 'pdf' ? renderEvidencePdf(pack) : pack;
  }

  /**
   * Sends the pack to the order's provider as the dispute's evidence and submits it (409: not a dispute,
   * closed, sent already, or a provider without disputes; 502: the provider could not be reached).
   */
  async submit(orderId: string, disputeId: string, actor: AuditActor): Promise<Dispute> {
    const { order, dispute, pack } = await this.pack(orderId, disputeId);
    const refusal = DisputesService.evidenceRefusal(dispute);
    if (refusal) throw new ConflictException(refusal);
    const provider = this.providers.of(order);
    if (!provider)
      throw new ConflictException(
        `This order was paid through ${order.paymentProvider ?? 'no provider'}, which is not configured here`,
      );
    try {
      await provider.submitDisputeEvidence(dispute.providerDisputeId, evidenceFields(pack));
    } catch (error) {
      if (error instanceof ProviderUnsupported) throw new ConflictException(error.message);
      throw new BadGatewayException(
        `The payment provider did not take the evidence: ${(error as Error).message}`.slice(0, 500),
      );
    }
    return this.disputes.markEvidenceSubmitted(dispute, actor);
  }

  private async pack(
    orderId: string,
    disputeId: string,
  ): Promise<{ order: Order; dispute: Dispute; pack: EvidencePack }> {
    const order = await this.db.getRepository(Order).findOneBy({ id: orderId });
    if (!order) throw new NotFoundException(`Order ${orderId} not found`);
    const dispute = await this.disputes.find(orderId, disputeId);
    const pack = await buildEvidencePack(this.db.manager, order, dispute, {
      name: this.config.store.name,
      url: this.config.publicUrl,
      supportEmail: this.config.mail.supportEmail,
      mailFrom: this.config.mail.from,
    });
    return { order, dispute, pack };
  }
}
