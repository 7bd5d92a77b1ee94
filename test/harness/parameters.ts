/**
 * Node parameters that several tests send alike: kept in one place so that they cannot drift apart.
 */

/** A PSE payment link as the accounting tests create it; each gives its own amount and text. */
export const PSE_LINK = {
	resource: 'payment',
	operation: 'create',
	paymentMethods: ['pse'],
	payerRedirectUrl: 'https://shop.example/thanks',
	callbackUrl: 'https://hooks.example/webhook/pay',
	expirationDays: 1,
};

/** Payment → Get of the link `slug`, by its id. */
export function paymentGet(slug: string, more: Record<string, unknown> = {}) {
	return {
		resource: 'payment',
		operation: 'get',
		slug: { __rl: true, mode: 'id', value: slug },
		...more,
	};
}

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
