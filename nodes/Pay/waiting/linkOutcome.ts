/**
 * One waited-for link as a workflow branches on it: `payment_outcome` and `paid` first, then the
 * payment object as the service gave it. The same after a resume and after the Wait Limit.
 */
import type { IDataObject } from 'n8n-workflow';

import { toNumber } from '../../shared/service/normalize';
import { normalizePaymentObject } from '../../shared/service/paymentObject';
import { PAID_STATE } from '../../shared/service/states';
import { FINAL_PAYMENT_OUTCOMES, PAYMENT_OUTCOME_FIELD } from './waitOutcome';

/** What an item whose link was never created says in its place. */
export const NOT_CREATED: IDataObject = {
	[PAYMENT_OUTCOME_FIELD]: 'not_created',
	message:
		"This item has no link of this run (its creation failed, or an earlier execution had created it): see this node's output while the execution waited",
};

export function linkStateOf(link: IDataObject | undefined): number | null {
	return toNumber(link?.state) ?? null;
}

/** Final states by name; a link still created or in process is `open`. */
export function linkOutcome(link: IDataObject, pageBaseUrl?: string): IDataObject {
	return {
		...outcomeOfState(linkStateOf(link)),
		...normalizePaymentObject(link, pageBaseUrl || undefined),
	};
}

/** `payment_outcome` and `paid` for a link in `state`. */
export function outcomeOfState(state: number | null): IDataObject {
	return {
		[PAYMENT_OUTCOME_FIELD]: (state !== null && FINAL_PAYMENT_OUTCOMES[state]) || 'open',
		paid: state === PAID_STATE,
	};
}
