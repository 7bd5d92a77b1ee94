/**
 * Node parameters that several tests send alike: kept in one place so that they cannot drift apart.
 */

/** The payer of the checkout tests (a citizenship card, a Colombian mobile). */
export const PAYER = {
	payerName: 'Ana Pérez',
	documentType: 'CC',
	documentNumber: '1020304050',
	payerEmail: 'ana@example.com',
	payerPhone: '300 111 2233',
};

/** Checkout → Pay with Bank Debit (PSE) of the object `slug`, by the sandbox's bank 1007. */
export function pseCheckout(slug: string) {
	return {
		resource: 'checkout',
		operation: 'payWithPse',
		slug,
		...PAYER,
		payerAddress: 'Calle 1 # 2-3',
		bank: { __rl: true, mode: 'id', value: '1007' },
	};
}

/** Withdrawal → Withdraw of 1,000 COP to the instant-payment key @payee, without a callback URL. */
export const WITHDRAW_TO_PAYEE = {
	resource: 'withdrawal',
	operation: 'withdraw',
	amount: 1000,
	keyValue: '@payee',
	accountHolderName: 'Payee',
	accountType: '8',
};

/** Transfer → Send of each item's `amount` to its `to`. */
export const TRANSFER_FROM_ITEMS = {
	resource: 'transfer',
	operation: 'send',
	recipient: '={{ $json.to }}',
	amount: '={{ $json.amount }}',
};

/**
 * Withdrawal → Withdraw of each item's `amount` to its instant-payment `key`, without a
 * callback URL.
 */
export const WITHDRAW_FROM_ITEMS = {
	resource: 'withdrawal',
	operation: 'withdraw',
	amount: '={{ $json.amount }}',
	keyValue: '={{ $json.key }}',
	accountHolderName: 'Demo Holder',
	accountType: '8',
	callbackUrl: '',
};
