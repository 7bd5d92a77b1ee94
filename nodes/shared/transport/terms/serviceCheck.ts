/**
 * What a check of the service is and answers: before an item is reported `unknown`, the service is
 * asked what it knows, the way the operation said with its request (`check`): its list of
 * transfers (actions/transfer/transferListCheck.ts) or the payment object
 * (actions/paymentObjectCheck.ts). What it shows is believed only when it cannot be an older,
 * identical payment (docs/SAFETY.md, "Asking the service").
 */
import type { IDataObject } from 'n8n-workflow';

/**
 * How the service can be asked what became of one money-moving request: given by the operation
 * with the request, so the transport asks without knowing what kind of payment it is.
 */
export interface ServiceCheck {
	ask(read: ServiceRead, claimedAt: number | undefined): Promise<Finding>;
}

/** `field`: the output field the record read from the service goes in (`transfer`, `payment`). */
export type Finding =
	| { shown: true; resolvedBy: string; field: string; record: IDataObject }
	| { shown: false; why: string };

/**
 * How far the service's clock may run ahead of n8n's. A claim waits CLAIM_CHECK_DELAY_MS (more than
 * twice this) before its request leaves, so its transfer is dated after the claim plus this, and
 * any transfer made before the claim is dated before it.
 */
export const CLOCK_TOLERANCE_MS = 200;

/** Safe reads of the service (retried as reads are): one answer, or every entry of a paged list. */
export interface ServiceRead {
	one(path: string): Promise<unknown>;
	list(path: string): Promise<unknown[]>;
}
