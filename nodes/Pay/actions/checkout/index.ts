import type { PayResource } from '../types';
import { confirmWalletOtp } from './confirmWalletOtp';
import { listBanks } from './listBanks';
import { payWithBreb } from './payWithBreb';
import { payWithDaviplata } from './payWithDaviplata';
import { payWithNequi } from './payWithNequi';
import { payWithOtherMethod } from './payWithOtherMethod';
import { payWithPse } from './payWithPse';

export const checkoutResource: PayResource = {
	value: 'checkout',
	name: 'Checkout',
	description: 'Take a payment object through checkout: PSE, Daviplata with OTP, Bre-B, Nequi and others',
	defaultOperation: 'payWithPse',
	operations: [confirmWalletOtp, listBanks, payWithBreb, payWithDaviplata, payWithNequi, payWithOtherMethod, payWithPse],
};
