import type { PayResource } from '../types';
import { confirmWalletOtp } from './confirmWalletOtp.operation';
import { listBanks } from './listBanks.operation';
import { payInCash } from './payInCash.operation';
import { payWithBankButton } from './payWithBankButton.operation';
import { payWithBreb } from './payWithBreb.operation';
import { payWithDaviplata } from './payWithDaviplata.operation';
import { payWithNequi } from './payWithNequi.operation';
import { payWithOtherMethod } from './payWithOtherMethod.operation';
import { payWithPse } from './payWithPse.operation';

export const checkoutResource: PayResource = {
	value: 'checkout',
	name: 'Checkout',
	description:
		'Take a payment object through checkout: PSE, bank button, Daviplata with OTP, Bre-B, Nequi, cash and others',
	defaultOperation: 'payWithPse',
	operations: [
		confirmWalletOtp,
		listBanks,
		payInCash,
		payWithBankButton,
		payWithBreb,
		payWithDaviplata,
		payWithNequi,
		payWithOtherMethod,
		payWithPse,
	],
};
