/** Node parameters of a payment object a saved card can pay, for the card tests. */
export const CARD_PAYABLE_PAYMENT = {
	resource: 'payment',
	operation: 'create',
	amount: 99000,
	description: 'Card charge',
	paymentMethods: ['credit_card'],
	payerRedirectUrl: 'https://shop.example/thanks',
	callbackUrl: 'https://hooks.example/webhook/pay',
	expirationDays: 1,
};
