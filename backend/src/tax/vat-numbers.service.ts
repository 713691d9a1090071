import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { VatNameMatch, VatNumberStatus, ViesEvidence } from '../orders/entities/order.entity.js';
import { addressHasPostcode, companyNamesMatch, disclosed } from './company-names.js';
import { isEuVatNumber, vatNumberProblem } from './vat-numbers.js';

/** How a business buyer's VAT number was checked: what the order keeps of it. */
export interface VatNumberCheck {
  status: VatNumberStatus;
  /** The validation service's consultation number (VIES's requestIdentifier), when it gave one. */
  reference: string | null;
  /** When the service confirmed the number; null when it was not asked or did not answer. */
  checkedAt: Date | null;
  /**
   * A verified number: whether the company typed is the name VIES has for it (`undisclosed`: its member
   * state gives none). Null when not verified.
   */
  nameMatch: VatNameMatch | null;
  /** What VIES answered for a verified number, kept with the order as evidence; null when not verified. */
  answer: ViesEvidence | null;
}

/** The buyer as typed at checkout, compared with what VIES has registered for the number. */
export interface VatNumberHolder {
  company: string;
  zipCode: string;
}

/** What VIES's REST API answers to check-vat-number: a verdict, or an error in place of one. */
interface ViesAnswer {
  valid?: unknown;
  requestIdentifier?: unknown;
  requestDate?: unknown;
  name?: unknown;
  address?: unknown;
  actionSucceed?: unknown;
  errorWrappers?: unknown;
}

const UNVERIFIED: VatNumberCheck = {
  status: 'unverified',
  reference: null,
  checkedAt: null,
  nameMatch: null,
  answer: null,
};

/**
 * Asks the VAT-number validation service (VAT_VALIDATION_URL: VIES's REST API, or a stand-in in tests)
 * whether a business buyer's number is registered. The store sells without it: a number it cannot
 * confirm (no service configured, unreachable, too slow, an error such as a member state's
 * MS_UNAVAILABLE) is `unverified` and the buyer pays the consumer rate. UK numbers are never verified:
 * VIES does not hold them since Brexit and the store has no client for HMRC's own check.
 */
@Injectable()
export class VatNumberChecker {
  private readonly logger = new Logger('VatNumbers');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * Checks `vatNumber`, normalised and with a valid format for its billing country (BillingDto refuses
   * others with the reason), so that no malformed number is sent; outside any transaction, as it may wait
   * for the service. A number VIES says is not registered is a 400. A registered one is compared with
   * `holder`, the company and postcode typed (company-names.ts): the name decides the reverse charge
   * (pricing.ts reverseCharges), the postcode is kept for staff.
   */
  async check(vatNumber: string, billingCountry: string, holder: VatNumberHolder): Promise<VatNumberCheck> {
    const problem = vatNumberProblem(vatNumber, billingCountry);
    if (problem)
      throw new RangeError(`VAT number ${vatNumber} for ${billingCountry} not validated: ${problem}`);
    const { url, timeoutMs } = this.config.tax.vatValidation;
    if (!url || !isEuVatNumber(vatNumber)) return UNVERIFIED;
    let answer: ViesAnswer;
    try {
      const response = await fetch(`${url}/check-vat-number`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(this.request(vatNumber)),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return this.unverified(vatNumber, `HTTP ${response.status}`);
      answer = ((await response.json()) ?? {}) as ViesAnswer;
    } catch (error) {
      return this.unverified(vatNumber, (error as Error).message);
    }
    if (answer.valid === true) {
      // A consultation number comes only with a requester; kept to its column's 64 characters.
      const reference =
        typeof answer.requestIdentifier === 'string' ? answer.requestIdentifier.slice(0, 64) || null : null;
      // What a member state discloses, kept to lengths a register's entry never reaches.
      const name = disclosed(answer.name)?.slice(0, 500) ?? null;
      const address = disclosed(answer.address)?.slice(0, 1000) ?? null;
      const nameMatch: VatNameMatch =
        name === null ? 'undisclosed' : companyNamesMatch(holder.company, name) ? 'match' : 'mismatch';
      return {
        status: 'verified',
        reference,
        checkedAt: new Date(),
        nameMatch,
        answer: {
          valid: true,
          name,
          address,
          requestDate: typeof answer.requestDate === 'string' ? answer.requestDate.slice(0, 40) : null,
          requestIdentifier: reference,
          addressHasPostcode: address === null ? null : addressHasPostcode(address, holder.zipCode),
        },
      };
    }
    if (answer.valid === false && answer.actionSucceed !== false)
      throw new BadRequestException([
        `VAT number ${vatNumber} is not registered for VAT in the EU's VIES register: please correct it or leave it out`,
      ]);
    const errors = Array.isArray(answer.errorWrappers)
      ? answer.errorWrappers.map((wrapper: { error?: unknown } | null) => String(wrapper?.error)).join(', ')
      : '';
    return this.unverified(vatNumber, errors || 'no verdict in the answer');
  }

  /**
   * VIES's request: the number split into its country prefix and the rest, and the seller's own EU
   * number as the requester (SELLER_VAT_NUMBER), for which VIES gives the consultation number that proves
   * the check; a seller without one (or with a non-EU number) is not named.
   */
  private request(vatNumber: string) {
    const seller = this.config.tax.sellerVatNumber;
    return {
      countryCode: vatNumber.slice(0, 2),
      vatNumber: vatNumber.slice(2),
      ...(seller && isEuVatNumber(seller)
        ? { requesterMemberStateCode: seller.slice(0, 2), requesterNumber: seller.slice(2) }
        : {}),
    };
  }

  private unverified(vatNumber: string, reason: string): VatNumberCheck {
    this.logger.warn(`VAT number ${vatNumber} could not be verified (${reason}): charged the consumer rate`);
    return UNVERIFIED;
  }
}
